import { z } from "zod";
import { getDb } from "~/db/db.server";
import { csrfToken, FORGED_POST_MESSAGE, requireUser, verifyCsrf } from "~/features/auth/session.server";
import { FEATURE_FLAG_INFO, FEATURE_FLAGS, type FeatureFlagName } from "~/lib/constants";
import { listFeatureFlags, setFlag } from "~/models/feature-flags.server";
import { createApiToken, listApiTokens, revokeApiToken, TOKEN_DAYS, TOKEN_DEFAULT_DAYS } from "~/models/users.server";
import { readFormPost } from "~/lib/form-post.server";

export async function loadSettings(request: Request) {
  const user = await requireUser(request);
  const db = await getDb();
  const [flags, tokens, csrf] = await Promise.all([listFeatureFlags(db), listApiTokens(db, user.id), csrfToken(request)]);
  const now = new Date().toISOString();
  return {
    user,
    flags,
    tokens: tokens.map((t) => ({
      id: t.token_hash.slice(0, 12),
      name: t.name,
      createdAt: t.created_at,
      expiresAt: t.expires_at,
      expired: !t.expires_at || t.expires_at <= now,
      lastUsedAt: t.last_used_at,
    })),
    tokenDays: TOKEN_DAYS,
    tokenDefaultDays: TOKEN_DEFAULT_DAYS,
    csrf,
  };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("flag"), name: z.enum(FEATURE_FLAGS), enabled: z.enum(["true", "false"]) }),
  z.object({
    intent: z.literal("createToken"),
    tokenName: z.string().trim().min(1, "Token name is required.").max(100, "Token name is at most 100 characters."),
    // Absent (an older form, a script): the default.
    expiresInDays: z
      .enum(TOKEN_DAYS.map(String) as [string, ...string[]], { errorMap: () => ({ message: `A token expires in ${TOKEN_DAYS.join(", ")} days.` }) })
      .optional(),
  }),
  z.object({ intent: z.literal("revokeToken"), tokenId: z.string().regex(/^[0-9a-f]{12}$/, "Unknown token.") }),
]);

/** Flags are switched by administrators only; anyone manages their own API tokens. */
export async function actSettings(request: Request) {
  const user = await requireUser(request);
  const form = await readFormPost(request);
  if (!(await verifyCsrf(request, form))) return { error: FORGED_POST_MESSAGE };
  const parsed = Intent.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid request." };
  const db = await getDb();
  const input = parsed.data;
  if (input.intent === "flag") {
    if (!user.isAdmin) return { error: "Only administrators can switch feature flags." };
    await setFlag(db, input.name as FeatureFlagName, input.enabled === "true");
    return { message: `${FEATURE_FLAG_INFO[input.name as FeatureFlagName].label} (${input.name}) is now ${input.enabled === "true" ? "on" : "off"}.` };
  }
  if (input.intent === "createToken") {
    const days = Number(input.expiresInDays ?? TOKEN_DEFAULT_DAYS);
    const token = await createApiToken(db, user.id, input.tokenName, { days });
    return { message: `Token created; it expires in ${days} days. Copy it now: it is not shown again.`, token };
  }
  const tokens = await listApiTokens(db, user.id);
  const match = tokens.find((t) => t.token_hash.startsWith(input.tokenId));
  if (!match) return { error: "Unknown token." };
  await revokeApiToken(db, user.id, match.token_hash);
  return { message: "Token revoked." };
}
