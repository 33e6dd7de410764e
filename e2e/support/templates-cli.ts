// npm run test:e2e's templates (templates.ts): `create` makes them and prints them as one JSON
// line; `drop '<that JSON>'` deletes them.
import { createTemplates, dropTemplates, type E2eTemplates } from "./templates";

const [command, json] = process.argv.slice(2);
if (command === "create") {
  console.log(JSON.stringify(await createTemplates()));
} else if (command === "drop" && json) {
  await dropTemplates(JSON.parse(json) as E2eTemplates);
} else {
  console.error("usage: templates-cli.ts create | drop '<templates JSON>'");
  process.exit(2);
}
