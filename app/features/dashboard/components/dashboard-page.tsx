import { TriangleAlert } from "lucide-react";
import { captionClass, cellClass, headCellClass, ScrollRegion, tableClass } from "~/components/ui/scroll-region";
import { cn } from "~/lib/cn";
import type { Dashboard, TodayAndWeek, WaitingLead } from "../dashboard.server";
import { Link } from "react-router";
import { WAITING_LIST_ID } from "~/lib/staff-area";
import { leadPagePath } from "~/lib/lead-paths";
import { plural } from "~/lib/plural";

const number = new Intl.NumberFormat("en-US");
const sectionHeading = "text-xl font-bold text-primary-dark";

/** The staff overview: what came in, who is waiting for a reply, and how busy the website was. */
export function DashboardPage({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="grid gap-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-primary-dark">Overview</h1>
        <p className="text-muted">
          Today is {dashboard.todayLabel}. Days and times are the clinic&rsquo;s (Eastern time); the week starts on
          Monday.
        </p>
      </div>

      <section aria-labelledby="counts-heading" className="grid gap-4">
        <h2 id="counts-heading" className={sectionHeading}>
          Today and this week
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <CountCard title="New requests" counts={dashboard.requests} note="Forms sent from the website." />
          <CountCard
            title="Calls tapped"
            counts={dashboard.callsTapped}
            note="Taps on the phone number. We cannot tell whether the call was made."
          />
          <CountCard title="Newsletter sign-ups" counts={dashboard.newsletterSignUps} />
        </div>
      </section>

      <WaitingSection waiting={dashboard.waiting} promiseHours={dashboard.promiseHours} />
      <TrafficSection traffic={dashboard.traffic} />
    </div>
  );
}

function CountCard({ title, counts, note }: { title: string; counts: TodayAndWeek; note?: string }) {
  return (
    <div className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-5">
      <h3 className="font-semibold text-primary-dark">{title}</h3>
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-muted">Today</dt>
          <dd className="text-3xl font-bold">{number.format(counts.today)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">This week</dt>
          <dd className="text-3xl font-bold">{number.format(counts.week)}</dd>
        </div>
      </dl>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
    </div>
  );
}

function WaitingSection({ waiting, promiseHours }: { waiting: Dashboard["waiting"]; promiseHours: number }) {
  const { late, leads } = waiting;
  const hidden = waiting.total - (leads?.length ?? 0);
  return (
    <section id={WAITING_LIST_ID} aria-labelledby="waiting-heading" className="grid scroll-mt-24 gap-4">
      <div className="grid gap-1">
        <h2 id="waiting-heading" className={sectionHeading}>
          Waiting for a reply ({number.format(waiting.total)})
        </h2>
        <p className="text-muted">
          Requests nobody has contacted yet, oldest first. We promise a reply within {promiseHours} hours. Calls tapped
          are not listed: there is no one to call back.
        </p>
      </div>
      {waiting.total === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-5">
          No one is waiting for a reply: every request has been answered.
        </p>
      ) : (
        <>
          {late > 0 ? (
            <p className="flex items-center gap-2 font-semibold text-danger">
              <TriangleAlert aria-hidden className="size-5" />
              {late === 1
                ? `1 request has waited more than ${promiseHours} hours.`
                : `${late} requests have waited more than ${promiseHours} hours.`}
            </p>
          ) : null}
          {leads === null ? (
            <p className="text-muted">
              Who is waiting, and how to reach them, is for intake staff and administrators (your roles show the counts
              only).
            </p>
          ) : (
            <ScrollRegion label="Requests waiting for a reply">
              <table className={tableClass}>
                <caption className={cn(captionClass, "sr-only")}>Requests waiting for a reply, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col" className={headCellClass}>
                      Waiting
                    </th>
                    <th scope="col" className={headCellClass}>
                      Name
                    </th>
                    <th scope="col" className={headCellClass}>
                      Form
                    </th>
                    <th scope="col" className={headCellClass}>
                      Service
                    </th>
                    <th scope="col" className={headCellClass}>
                      Received
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {leads.map((lead) => (
                    <WaitingRow key={lead.id} lead={lead} />
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {leads !== null && hidden > 0 ? (
            <p className="text-muted">
              {hidden === 1 ? "1 more request is" : `${number.format(hidden)} more requests are`} waiting and not shown
              here (they came in later).
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function WaitingRow({ lead }: { lead: WaitingLead }) {
  return (
    <tr className={lead.waited.late ? "bg-danger-soft" : undefined}>
      <td className={cn(cellClass, "whitespace-nowrap")}>
        {lead.waited.late ? (
          <span className="inline-flex items-center gap-1.5 font-semibold text-danger">
            <TriangleAlert aria-hidden className="size-4" />
            {lead.waited.text}
          </span>
        ) : (
          lead.waited.text
        )}
      </td>
      <th scope="row" className={cn(cellClass, "font-semibold whitespace-nowrap")}>
        <Link to={leadPagePath(lead.id)} className="text-primary-dark underline underline-offset-2 hover:no-underline">
          {lead.name}
        </Link>
      </th>
      <td className={cn(cellClass, "whitespace-nowrap")}>{lead.form}</td>
      <td className={cn(cellClass, "min-w-40")}>{lead.service ?? <span className="text-muted">Not given</span>}</td>
      <td className={cn(cellClass, "whitespace-nowrap")}>
        <time dateTime={lead.receivedAt} title={lead.receivedAt}>
          {lead.receivedText}
        </time>
      </td>
    </tr>
  );
}

function TrafficSection({ traffic }: { traffic: Dashboard["traffic"] }) {
  const quiet = traffic.pageViews === 0 && traffic.visitors === 0;
  return (
    <section aria-labelledby="traffic-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="traffic-heading" className={sectionHeading}>
          Website visits, last 7 days
        </h2>
        <p className="text-muted">
          {quiet
            ? "No visits were recorded in the last 7 days."
            : `${number.format(traffic.pageViews)} ${plural(traffic.pageViews, "page view", "page views")} and ${number.format(traffic.visitors)} ${plural(traffic.visitors, "visitor", "visitors")}.`}
        </p>
      </div>
      {quiet ? null : (
        <ScrollRegion label="Page views and visitors by day" className="max-w-xl">
          <table className={tableClass}>
            <caption className={cn(captionClass, "sr-only")}>Page views and visitors by day, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={headCellClass}>
                  Day
                </th>
                <th scope="col" className={cn(headCellClass, "text-right")}>
                  Page views
                </th>
                <th scope="col" className={cn(headCellClass, "text-right")}>
                  Visitors
                </th>
              </tr>
            </thead>
            <tbody>
              {traffic.days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className={cn(cellClass, "font-normal whitespace-nowrap")}>
                    <time dateTime={day.day}>{day.label}</time>
                  </th>
                  <td className={cn(cellClass, "text-right tabular-nums")}>{number.format(day.pageViews)}</td>
                  <td className={cn(cellClass, "text-right tabular-nums")}>{number.format(day.visitors)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="px-4 py-3 text-left font-semibold">
                  7 days
                </th>
                <td className="px-4 py-3 text-right font-semibold tabular-nums">{number.format(traffic.pageViews)}</td>
                <td className="px-4 py-3 text-right font-semibold tabular-nums">{number.format(traffic.visitors)}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
      <p className="max-w-prose text-sm text-muted">
        Visitors are counted without cookies, by an id that changes every day. The same person on three days counts as
        three visitors, so the 7-day figure is the sum of the daily ones.
      </p>
    </section>
  );
}
