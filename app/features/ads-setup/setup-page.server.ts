import { eq } from "drizzle-orm";
import type { ServerServices } from "~/context";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { AuditActor } from "~/features/auth/audit.server";
import { measurementConfig, thirdPartyCspSources } from "~/features/consent/measurement-config";
import { readMeasurementRow } from "~/features/consent/measurement-settings.server";
import { listSitemapEntries } from "~/features/seo/sitemap.server";
import { formatClinicDateTime } from "~/lib/clinic-time";
import { formAnswer } from "~/lib/form-answer";
import { liveCheck } from "./live-check.server";
import { DEFAULT_PAGE_GROUPS, LOCKED_GROUP, PAGE_GROUPS } from "~/features/consent/page-groups";
import { PAGE_GROUP_WORDS } from "./guardrails";
import { groupField, parseSetupForm, SETUP_FIELDS, type SetupField } from "./setup-schema";
import { saveSetup, setupValuesOf } from "./setup-store.server";
import { SAVE_SETUP_INTENT, type SetupAnswer, type SetupPageData } from "./setup-types";

// Pages a visitor reaches that the sitemap leaves out (they are noindex).
const UNLISTED_PAGES = ["/thank-you", "/get-started"];

/** The page's data: the saved set-up, who changed it, the CSP it adds, and the live check of `?check=`. */
export async function setupPageData(db: Db, publicUrl: string, url: URL): Promise<SetupPageData> {
  const [row, sitemap] = await Promise.all([readMeasurementRow(db), listSitemapEntries(db)]);
  const by = row?.updatedBy
    ? ((await db.select({ name: users.name }).from(users).where(eq(users.id, row.updatedBy)))[0]?.name ?? null)
    : null;
  // Before the first save there is no row: the groups the form shows (the defaults) are the ones checked.
  const config = measurementConfig(row ?? { pageGroups: [...DEFAULT_PAGE_GROUPS] });
  const sources = thirdPartyCspSources(config);
  const pages = [...new Set([...sitemap.map((entry) => entry.path), ...UNLISTED_PAGES])];
  const asked = url.searchParams.get("check");
  let check: SetupPageData["check"] = null;
  if (asked !== null) {
    check = pages.includes(asked)
      ? liveCheck(config, new URL(publicUrl).origin, asked)
      : { path: asked.slice(0, 200), problem: "Choose one of the site's pages from the list." };
  }
  return {
    saved: setupValuesOf(row),
    changed: row && row.updatedBy ? { text: formatClinicDateTime(row.updatedAt), by } : null,
    csp: (
      [
        ["script-src", sources.script],
        ["connect-src", sources.connect],
        ["img-src", sources.img],
        ["frame-src", sources.frame],
      ] as const
    )
      .filter(([, origins]) => origins.length > 0)
      .map(([directive, origins]) => ({ directive, origins: [...origins] })),
    groups: PAGE_GROUPS.map((group) => ({ group, ...PAGE_GROUP_WORDS[group], locked: group === LOCKED_GROUP })),
    pages,
    check,
  };
}

const answer = (init: Omit<SetupAnswer, "answerId" | "fields" | "intent"> & Partial<SetupAnswer>) =>
  formAnswer<SetupField, { intent: string }>({ intent: SAVE_SETUP_INTENT, ...init });

/**
 * The posted set-up: 400 with each field's reason (a guardrail's is its
 * policy), or 200 once saved. Saved means audited with before and after and a
 * new content version: this instance's page cache (pages and their CSP) moves
 * at once, the others within their 2 s poll.
 */
export async function runSetupAction(
  db: Db,
  services: Pick<ServerServices, "pageCache">,
  actor: AuditActor,
  posted: Record<string, string> | null,
): Promise<{ status: number; answer: SetupAnswer }> {
  if (posted?.intent !== SAVE_SETUP_INTENT)
    return {
      status: 400,
      answer: answer({ ok: false, message: "This form submission could not be understood. Please reload the page." }),
    };
  const typed = Object.fromEntries(
    SETUP_FIELDS.filter((field) => posted[field] !== undefined).map((field) => [field, posted[field]!]),
  ) as Partial<Record<SetupField, string>>;
  // The switches as they were posted, so a refused form keeps them.
  typed.pageGroups = PAGE_GROUPS.filter((group) => (posted[groupField(group)] ?? "off") !== "off").join(",");
  const parsed = parseSetupForm(posted);
  if (!parsed.ok)
    return {
      status: 400,
      answer: answer({
        ok: false,
        message: "Please correct the highlighted fields.",
        fields: parsed.fields,
        values: typed,
      }),
    };
  const change = await saveSetup(db, parsed.values, actor);
  if (!change.changed)
    return {
      status: 200,
      answer: answer({ ok: true, tone: "info", message: "Nothing changed: this is the set-up already saved." }),
    };
  services.pageCache.contentChanged(change.version);
  return {
    status: 200,
    answer: answer({
      ok: true,
      message: "Saved. Every public page uses the new set-up from its next load, on every server of the site.",
    }),
  };
}
