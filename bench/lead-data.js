// Synthetic leads for benchmarks of the lead pages (issue 14): a realistic mix of
// forms, channels, campaigns, landing pages, services, statuses and contact
// times, spread evenly over the years before `now`, made by the database
// itself (INSERT … SELECT over generate_series, a batch per statement), so
// 100,000 leads take seconds on PGlite and on PostgreSQL alike.
//
//   import { fillLeads } from "./lead-data.js";
//   await fillLeads((text) => client.query(text), { count: 100_000, years: 3 });
//
// `query` runs one SQL text (a pg Client's or PGlite's query both do). Every
// name, e-mail and phone number is made up (Bench Person n, 555-01xx).

const BATCH = 20_000;

/** One batch: leads number `from` to `to` of `count`, the newest arriving at `now`. */
function batchSql({ from, to, count, years, now }) {
  const span = `${years * 365} days`;
  return `
    insert into leads (created_at, form_type, first_name, last_name, email, phone, service, source,
      channel, campaign, landing_page, status, first_contacted_at, scheduled_at, became_patient_at, status_changed_at)
    select created_at, form_type, 'Bench', 'Person ' || g, 'bench-' || g || '@example.com', '(407) 555-0150',
      case when form_type = 'phone_click' then null
        else (array['Anxiety Treatment','Depression','ADHD','Trauma and PTSD','Couples Therapy','Teen Counseling',
          'Bipolar Disorder','OCD','Grief Counseling','Medication Management','Eating Disorders','General Inquiry'])[1 + floor(r3 * 12)::int]
      end,
      landing_page,
      channel, campaign, landing_page, status,
      contacted_at,
      case when status in ('scheduled', 'patient') then contacted_at + interval '2 days' end,
      case when status = 'patient' then contacted_at + interval '9 days' end,
      coalesce(contacted_at, created_at)
    from (
      select g, r3, created_at, form_type, channel, campaign, landing_page, status,
        case
          when status in ('new', 'spam') then null
          -- Most are answered within hours, a long tail waits days (nights and weekends).
          else created_at + (power(r5, 3) * interval '96 hours') + interval '4 minutes'
        end as contacted_at
      from (
      select g, r3, r5, created_at, form_type, channel, campaign, landing_page,
        case
          -- A tap on the phone link keeps the status it is recorded with, and is never contacted.
          when form_type = 'phone_click' then 'new'
          -- Recent requests are more often still new.
          when g > ${count} - ${Math.round(count * 0.01)} and r8 < 0.5 then 'new'
          when r8 < 0.03 then 'new'
          when r8 < 0.28 then 'contacted'
          when r8 < 0.43 then 'scheduled'
          when r8 < 0.63 then 'patient'
          when r8 < 0.73 then 'not_a_fit'
          when r8 < 0.88 then 'no_response'
          when r8 < 0.94 then 'duplicate'
          else 'spam'
        end as status
      from (
        select g, r3, r5,
          timestamptz '${now.toISOString()}' - (((${count} - g)::float8 / ${count}) * interval '${span}') - (r1 * interval '30 minutes') as created_at,
          case when r2 < 0.30 then 'phone_click' when r2 < 0.62 then 'hero' when r2 < 0.85 then 'appointment' else 'get_started' end as form_type,
          (array['Organic Search','Organic Search','Organic Search','Direct','Direct','Paid Search','Paid Search',
            'Organic Social','Paid Social','Email','Referral','Display','Other'])[1 + floor(r4 * 13)::int] as channel,
          case when r6 < 0.6 then null else 'campaign-' || floor(r6 * 100)::int end as campaign,
          case when r7 < 0.35 then '/' else '/page-' || floor(r7 * 80)::int end as landing_page,
          r8
        from generate_series(${from}, ${to}) g,
          lateral (select random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
            random() r8 where g is not null) r
      ) base
      ) decided
    ) leads_made`;
}

/**
 * Adds `count` leads over the `years` before `now`, in batches, reporting
 * progress through `progress(done, count)`. Then ANALYZE, as
 * autovacuum would have done by then on PostgreSQL (PGlite runs none).
 */
export async function fillLeads(query, { count = 100_000, years = 3, now = new Date(), progress = () => {} } = {}) {
  await query("select setseed(0.42)");
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await query(batchSql({ from, to, count, years, now }));
    progress(to, count);
  }
  await query("analyze leads");
}
