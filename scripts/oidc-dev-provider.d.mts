/** Types of scripts/oidc-dev-provider.mjs (for the API tests and the e2e journey). */
export interface OidcAccountClaims {
  name?: string;
  email?: string;
  email_verified?: boolean;
}
export interface RunningOidcProvider {
  issuer: string;
  port: number;
  /** The oidc-provider instance (untyped). */
  provider: unknown;
  close(): Promise<void>;
}
export function startOidcProvider(options: {
  host?: string;
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  accounts?: Record<string, OidcAccountClaims>;
}): Promise<RunningOidcProvider>;
export function signInAtOidcProvider(authorizationUrl: string, login: string | null): Promise<URL>;
