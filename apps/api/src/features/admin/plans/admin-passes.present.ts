/** A pass as the back office lists it (AdminPass), from its row. */
import type { AdminPass } from "@parkwell/contract";
import type { AdminPassRow } from "./admin-passes.repo";

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentAdminPass(r: AdminPassRow): AdminPass {
  return {
    id: r.id,
    pass_code: r.pass_code,
    driver: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
    plan: {
      id: Number(r.plan_id),
      name: r.plan_name,
      space_mode: r.space_mode as AdminPass["plan"]["space_mode"],
    },
    park: { id: Number(r.park_id), name: r.park_name, time_zone: r.time_zone },
    vehicle_type_id: Number(r.vehicle_type_id),
    vehicle_type: r.vehicle_type,
    plates: r.plates,
    status: r.status as AdminPass["status"],
    ended_reason: (r.ended_reason as AdminPass["ended_reason"]) ?? null,
    starts_at: iso(r.starts_at),
    paid_until: iso(r.paid_until),
    renews: r.status !== "ended" && !r.cancel_at_period_end,
    term_months: Number(r.term_months),
    space_label: r.space_label,
    inside: Boolean(r.inside),
  };
}
