// Who is looking at the portal. Sign-in (/api/login) and GET /api/auth/user arrive with the accounts work: that change
// replaces only this hook's body; every visitor is signed out until then.

/** SPEC section 3, "Current user": the portal reads only these two fields. */
export interface PortalUser {
  firstName?: string | null;
  email?: string | null;
}

export interface PortalUserState {
  user: PortalUser | null;
  isLoading: boolean;
}

export function usePortalUser(): PortalUserState {
  return { user: null, isLoading: false };
}

/** Header greeting: first name, else e-mail, else 'User' (SPEC section 2). */
export function displayName(user: PortalUser): string {
  return user.firstName || user.email || "User";
}
