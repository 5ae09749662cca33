// How an account signs in: its own password, or a social or OpenID Connect provider.

/** Providers whose ID token the API accepts at POST /auth/federated. */
export const FEDERATED_PROVIDERS = ["google", "apple", "linkedin", "oidc"] as const;
export type FederatedProviderId = (typeof FEDERATED_PROVIDERS)[number];

/** What created an account; `alreadySignedUp` names it. */
export const SIGN_IN_PROVIDERS = ["password", ...FEDERATED_PROVIDERS] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

export function isFederatedProvider(value: unknown): value is FederatedProviderId {
  return (FEDERATED_PROVIDERS as readonly unknown[]).includes(value);
}
