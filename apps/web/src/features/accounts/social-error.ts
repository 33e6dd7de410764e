/** A social-login failure; `key` names its text in the auth catalogue (word for word: PRODUCT-RULES.md). */
export class SocialError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}
