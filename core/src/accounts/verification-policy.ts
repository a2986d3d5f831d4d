// How long a registration code lives and how many wrong guesses it survives. With 6 digits and 5 tries per code,
// a guesser's chance per code is 1 in 200,000; resending (rate limited) is the only way to get another code.
export const VERIFICATION_CODE_TTL_MINUTES = 15;
export const MAX_VERIFICATION_ATTEMPTS = 5;
/** Pending registrations that expired longer ago than this are deleted by pruneEmailVerifications. */
export const ABANDONED_REGISTRATION_DAYS = 7;

/** Codes mailed to reset a password or confirm a new email address (account_codes): 30 minutes, 5 wrong tries. */
export const ACCOUNT_CODE_TTL_MINUTES = 30;
export const MAX_ACCOUNT_CODE_ATTEMPTS = 5;
