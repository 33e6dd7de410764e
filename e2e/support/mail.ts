import fs from "node:fs";
import path from "node:path";
import type { RunningServer } from "./server";

/**
 * The newest link into the app mailed to `to` whose path starts with `pathname` (a link with a
 * query, `/verify?token=…`, or a path of its own, `/staff-invite/<token>`), or "" while none has
 * been written. Read from the .eml files a server of the test's own writes to its DATA_DIR/mail,
 * quoted-printable soft breaks and `=3D` undone.
 */
export function mailedLink(server: RunningServer, to: string, pathname: string): string {
  const dir = path.join(server.dataDir, "mail");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  const link = new RegExp(`${escape(server.url)}${escape(pathname)}[^\\s"<]*`);
  for (const f of files.reverse()) {
    const raw = fs
      .readFileSync(path.join(dir, f), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (!raw.includes(`To: ${to}`)) continue;
    const m = link.exec(raw);
    if (m) return m[0].replace(/&amp;/g, "&");
  }
  return "";
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/:]/g, "\\$&");
