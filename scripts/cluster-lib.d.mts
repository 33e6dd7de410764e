import type { ChildProcess, StdioOptions } from "node:child_process";

export declare const DEPLOY_DIR: string;
export declare function haproxyBinary(env?: NodeJS.ProcessEnv): string | null;
export declare function startApi(options: {
  port: number;
  env: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
}): ChildProcess;
export declare function waitHealthy(port: number, child: ChildProcess, timeoutMs?: number): Promise<void>;
export declare function haproxyConfig(apiPorts: readonly number[]): string;
export declare function startHaproxy(options: {
  bin: string;
  bind: string;
  apiPorts: readonly number[];
  stdio?: StdioOptions;
  detached?: boolean;
}): ChildProcess;
export declare function exited(child: ChildProcess): Promise<number | string>;
