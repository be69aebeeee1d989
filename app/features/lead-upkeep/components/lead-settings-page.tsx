import { useNavigation } from "react-router";
import { PageHeader } from "~/components/staff/page-header";
import { answerFor } from "~/lib/form-answer";
import { SAVE_SETTINGS_INTENT, type LeadSettingsAnswer, type LeadSettingsPageData } from "../lead-settings-page-types";
import { DailyJobsStatus } from "./daily-jobs-status";
import { LeadSettingsForm } from "./lead-settings-form";

const sectionHeading = "text-2xl font-bold text-primary-dark";

/** /admin/lead-insights/settings: the lead settings, and the daily jobs that act on them. */
export function LeadSettingsPage({ data, answer }: { data: LeadSettingsPageData; answer?: LeadSettingsAnswer }) {
  // A save's message shows once the page's data has reloaded too, so the message and the fields agree.
  const settled = useNavigation().state === "idle";
  const shown = settled ? answerFor(answer, SAVE_SETTINGS_INTENT) : undefined;
  return (
    <div className="grid gap-10">
      <PageHeader
        title="Lead settings"
        description="How the leads are looked after: the reply promise we make, how long finished leads are kept, and the daily e-mail about requests still waiting. Only administrators can change these, and every change is recorded in the audit trail."
      />
      <section aria-labelledby="settings-heading" className="grid gap-4">
        <h2 id="settings-heading" className={sectionHeading}>
          Settings
        </h2>
        <LeadSettingsForm data={data} answer={shown} />
      </section>
      <section aria-labelledby="jobs-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="jobs-heading" className={sectionHeading}>
            Daily jobs
          </h2>
          <p className="max-w-prose text-muted">
            The server does these by itself. When the site runs on several servers, one of them does each day&rsquo;s
            run. What they did is shown in counts only.
          </p>
        </div>
        <DailyJobsStatus runs={data.runs} digestHour={data.settings.digestHour} />
      </section>
    </div>
  );
}
