/** A social-login failure; `key` names its text in the auth catalogue (SPEC 8, word for word). */
export class SocialError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}
