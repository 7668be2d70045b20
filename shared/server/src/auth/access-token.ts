import { jwtVerify, SignJWT } from 'jose';

// Short-lived access tokens: HS256 JWTs naming the user (sub) and the session (sid), so that
// revoking a session ends its access tokens at once.

const ISSUER = 'ideamine';
const AUDIENCE = 'ideamine-api';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function signAccessToken(
  claims: AccessClaims,
  key: Uint8Array,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
  return { token, expiresAt };
}

/** The claims of a valid token, or null for anything tampered, expired or malformed. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AccessClaims | null> {
  try {
    // Every token we sign expires: one without `exp` would never end, whoever made it.
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch {
    return null;
  }
}
