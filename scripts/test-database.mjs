// Which PostgreSQL server the tests use: TEST_DATABASE_URL when set, otherwise one answering on
// the default local address (127.0.0.1:5432) as the current user or as `postgres`, so that a
// machine with a local PostgreSQL runs the suite on it without being told. The tests create and
// drop databases of their own there, so the role must be allowed to create databases.
import os from "node:os";
import pg from "pg";

const LOCAL = "127.0.0.1:5432";

/** Connects and asks whether the role may create databases; the reason it cannot, or null. */
async function probe(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    const { rows } = await client.query(
      "SELECT rolcreatedb OR rolsuper AS ok FROM pg_roles WHERE rolname = current_user",
    );
    return rows[0]?.ok ? null : "its role may not create databases";
  } catch (err) {
    return err.code === "ECONNREFUSED" ? `nothing answers on ${LOCAL}` : err.message;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `{ url, how }` of the server to use (how: "TEST_DATABASE_URL" or "found on 127.0.0.1:5432"), or
 * `{ url: undefined, how }` with why none is used.
 */
export async function testDatabase(env = process.env) {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, how: "TEST_DATABASE_URL" };
  const users = [...new Set([os.userInfo().username, "postgres"])];
  const reasons = [];
  for (const user of users) {
    const url = `postgres://${user}@${LOCAL}/postgres`;
    const reason = await probe(url);
    if (reason === null) return { url, how: `found on ${LOCAL}` };
    reasons.push(`${user}: ${reason}`);
    if (reason.startsWith("nothing answers")) break;
  }
  return {
    url: undefined,
    how: `TEST_DATABASE_URL is not set and no usable PostgreSQL on ${LOCAL} (${reasons.join("; ")})`,
  };
}
