import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import direction of eslint.config.js, tried on imports the house must
 * refuse (and a few it must allow), as if each line were written in the file
 * named. `npm run lint` then holds every real file to the same rule.
 */
const eslint = new ESLint();

async function refusals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = [x];\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
}

describe("import direction", () => {
  it.each([
    ["app/lib/probe.ts", 'import { isLive as x } from "~/features/content/live-posts.server";', /lib.*feature/],
    ["app/lib/probe.ts", 'import { createApp as x } from "../../server/app";', /lib.*server/],
    ["app/components/probe.tsx", 'import { loader as x } from "~/root";', /components.*shell/],
    ["app/components/probe.tsx", 'import { databaseContext as x } from "~/context";', /components.*context/],
    ["app/db/probe.ts", 'import { listTreatments as x } from "~/features/content/queries.server";', /db.*feature/],
    ["app/features/leads/probe.ts", 'import { loader as x } from "~/routes/public/home";', /feature.*route/],
    ["app/features/leads/probe.ts", 'import { createLogger as x } from "../../../server/logger";', /feature.*server/],
    // Not on the allow-list: leads uses analytics, never content.
    [
      "app/features/leads/probe.ts",
      'import { getSiteRow as x } from "../content/queries.server";',
      /name="leads".*name="content"/,
    ],
    // A lower feature never reaches up: analytics knows nothing of leads or consent.
    [
      "app/features/analytics/probe.ts",
      'import { phoneLinkClicked as x } from "~/features/leads/phone-link";',
      /name="analytics".*name="leads"/,
    ],
  ])("refuses %s: %s", async (file, source, reason) => {
    const found = await refusals(file, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(reason);
  });

  it.each([
    ["app/features/leads/probe.ts", 'import { track as x } from "~/features/analytics/client/runtime";'],
    ["app/features/leads/probe.ts", 'import { databaseContext as x } from "~/context";'],
    ["app/features/blog/probe.ts", 'import { BreadcrumbNav as x } from "~/features/pages/components/breadcrumb-nav";'],
    ["app/routes/public/probe.tsx", 'import { HeroLeadForm as x } from "~/features/home/components/hero-lead-form";'],
    ["server/probe.ts", 'import { submitLead as x } from "~/features/leads/submit-lead.server";'],
  ])("allows %s: %s", async (file, source) => {
    expect(await refusals(file, source)).toEqual([]);
  });

  it("lets the router context name a feature's type, never its value", async () => {
    expect(
      await refusals(
        "app/context.ts",
        'import type { LeadNotifier as x } from "~/features/leads/lead-notifier.server";',
      ),
    ).toEqual([]);
    expect(
      await refusals("app/context.ts", 'import { LeadNotifier as x } from "~/features/leads/lead-notifier.server";'),
    ).toHaveLength(1);
  });
});
