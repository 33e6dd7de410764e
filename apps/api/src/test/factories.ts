import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { startSession } from "../features/sessions/sessions.service";
import { systemClock, type Clock } from "../lib/clock";

let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  sessionId: string;
}

/**
 * A verified user straight in the database with a live session: for tests of features that
 * need a signed-in caller. (Registration itself is tested through its own routes.)
 */
export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
  clock: Clock = systemClock,
): Promise<TestUser> {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `driver${counter}.${Date.now()}@parkwell.test`,
      firstName: "Ada",
      lastName: "Obi",
      countryId: 1,
      emailVerifiedAt: clock(),
      ...overrides,
    })
    .returning({ id: users.id, email: users.email });
  const session = await startSession(db, clock, user!.id);
  return { id: user!.id, email: user!.email, token: session.token, sessionId: session.sessionId };
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
