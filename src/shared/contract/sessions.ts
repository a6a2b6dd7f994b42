/** The caller's signed-in sessions (`/h5/user/sessions…`): the devices list, and signing one or all others out. */

/** One live session of the caller, `GET /h5/user/sessions`, newest first. */
export interface SignedInSession {
  id: number;
  /** Browser and system of the sign-in, shortened ("Chrome 120 · Android 13"); `-` when unknown. */
  agent: string;
  /** Epoch ms of the sign-in. */
  firstSeen: number;
  /** Epoch ms of the token's latest use, at most a minute stale. */
  lastSeen: number;
  /** The address it signed in from, masked (`203.0.113.*`, `2001:db8:85a3:*`). */
  place: string;
  /** The session of this request's token. */
  current: boolean;
}

/** `POST /h5/user/sessions/end` (JSON body): signs one of the caller's other sessions out. */
export interface EndSessionRequest {
  id: number;
}

/** `POST /h5/user/sessions/endOthers`: how many sessions were signed out. */
export interface EndedSessions {
  ended: number;
}
