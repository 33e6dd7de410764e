import type { Db } from "../../db/client";
import { contactMessages, demoRequests } from "../../db/schema/index";

export type NewContactMessage = typeof contactMessages.$inferInsert;
export type NewDemoRequest = typeof demoRequests.$inferInsert;

export async function insertContactMessage(db: Db, row: NewContactMessage) {
  const [saved] = await db.insert(contactMessages).values(row).returning({
    id: contactMessages.id,
    reference: contactMessages.reference,
    createdAt: contactMessages.createdAt,
  });
  return saved!;
}

export async function insertDemoRequest(db: Db, row: NewDemoRequest) {
  const [saved] = await db
    .insert(demoRequests)
    .values(row)
    .returning({ id: demoRequests.id, reference: demoRequests.reference, createdAt: demoRequests.createdAt });
  return saved!;
}
