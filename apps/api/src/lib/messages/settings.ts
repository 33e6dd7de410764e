/** Parkwell's settings in the back office (admin/settings: the social links). */

// The English sentence the settings feature answers with; the French is in the catalogue (packages/contract/locales/fr/server.json).
export const SETTINGS_ARE_PARKWELL = "Only Parkwell's staff can change Parkwell's settings";
