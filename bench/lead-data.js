// The lead insights benchmark's data: leads over three years with a realistic
// mix of forms, channels, campaigns, landing pages, services, statuses and
// contact times, written by the database itself (INSERT … SELECT over
// generate_series, seeded random, so every run has the same data). Plain SQL,
// run through PGlite or node-postgres alike.

/** The demo data's SQL: `count` leads ending `endIso`, spread over `years`. */
export function leadFillSql({ count, endIso, years = 3, seed = 0.42 }) {
  return `
select setseed(${seed});
insert into leads (
  created_at, form_type, first_name, last_name, email, phone, service, source, sms_opt_in,
  attribution, details, status, channel, campaign, landing_page,
  first_contacted_at, scheduled_at, became_patient_at, status_changed_at
)
select
  c.created_at, c.form_type,
  case when c.form_type = 'phone_click' then 'Phone' else (array['Avery','Blake','Casey','Devon','Emery','Finley','Gray','Harper','Indy','Jules','Kai','Logan','Morgan','Noel','Oakley','Parker','Quinn','Reese','Sage','Tatum'])[1 + (c.g % 20)] end,
  case when c.form_type = 'phone_click' then 'Click' else (array['Abbott','Bishop','Carver','Dalton','Ellison','Foster','Garner','Hughes','Irving','Jensen','Keller','Lowell','Mercer','Nolan','Osborne','Prescott','Quincy','Ramsey','Sutton','Thayer'])[1 + ((c.g / 20) % 20)] || ' Benchperson' end,
  case when c.form_type = 'phone_click' then 'phone-click@leads.invalid' else 'bench.person' || (c.g % 90000) || '@example.test' end,
  case when c.form_type = 'phone_click' then '(407) 555-0142' else '(407) 555-01' || lpad((c.g % 100)::text, 2, '0') end,
  case when c.form_type = 'phone_click' then null else (array['General Inquiry','Psychiatric Evaluation','Medication Management','Anxiety Disorders','Depression','ADHD','Individual Therapy','Couples Counseling','Trauma & PTSD','OCD'])[1 + floor(c.r5 * 10)::int] end,
  c.landing, false,
  case when c.campaign is null then '{}'::jsonb else jsonb_build_object('utmSource', 'google', 'utmMedium', 'cpc', 'utmCampaign', c.campaign, 'gclid', 'bench' || c.g) end,
  case when c.form_type = 'appointment' then jsonb_build_object(
    'preferredContact', (array['phone','email','text'])[1 + (c.g % 3)], 'preferredTime', (array['morning','afternoon','evening','any'])[1 + (c.g % 4)],
    'patientStatus', 'new', 'visitType', (array['in_person','telehealth'])[1 + (c.g % 2)], 'insurance', 'self_pay', 'contactConsent', true)
  else '{}'::jsonb end,
  c.status, c.channel, c.campaign, c.landing,
  c.contacted_at,
  case when c.status in ('scheduled','patient') then c.contacted_at + interval '2 days' end,
  case when c.status = 'patient' then c.contacted_at + interval '9 days' end,
  coalesce(c.contacted_at + interval '9 days', c.created_at)
from (
  select b.*,
    case when b.form_type = 'phone_click' or b.status = 'new' then null
         -- Most answered within hours on a weekday; Friday-night and weekend requests wait until Monday.
         when extract(isodow from b.created_at at time zone 'America/New_York') >= 5
              and extract(hour from b.created_at at time zone 'America/New_York') >= 17
           then b.created_at + make_interval(hours => 40 + floor(b.r6 * 24)::int)
         else b.created_at + make_interval(mins => floor(power(b.r6, 3) * 36 * 60)::int + 5) end as contacted_at
  from (
    select a.*,
      case when a.r3 < 0.35 then 'hero' when a.r3 < 0.60 then 'appointment' when a.r3 < 0.70 then 'get_started' else 'phone_click' end as form_type,
      case when a.r1 < 0.34 then 'Organic Search' when a.r1 < 0.56 then 'Paid Search' when a.r1 < 0.76 then 'Direct'
           when a.r1 < 0.84 then 'Organic Social' when a.r1 < 0.89 then 'Paid Social' when a.r1 < 0.96 then 'Referral' else 'Email' end as channel,
      case when a.r1 >= 0.34 and a.r1 < 0.56 then (array['anxiety-care','adhd-adults','depression-help','telehealth-florida','psychiatrist-winter-park','medication-management'])[1 + floor(a.r2 * 6)::int] end as campaign,
      (array['/','/anxiety-therapy','/adhd','/depression-counseling','/psychiatric-evaluation','/medication-management','/virtual-therapy','/insurance','/team','/blog/how-to-talk-to-your-doctor-about-adhd-as-an-adult','/locations/winter-park','/request-appointment'])[1 + floor(a.r4 * 12)::int] as landing,
      -- A tap on the phone link is nobody to call back: it stays as it came.
      case when a.r3 >= 0.70 then 'new'
           when a.age_days < 1 then (case when a.r7 < 0.6 then 'new' else 'contacted' end)
           when a.age_days < 7 then (array['new','contacted','contacted','scheduled','scheduled','patient','no_response','spam'])[1 + floor(a.r7 * 8)::int]
           else (array['contacted','scheduled','patient','patient','not_a_fit','no_response','no_response','duplicate','spam','patient'])[1 + floor(a.r7 * 10)::int] end as status
    from (
      select r.*, extract(epoch from (timestamptz '${endIso}' - r.created_at)) / 86400 as age_days
      from (
        select g,
          timestamptz '${endIso}' - make_interval(secs => (power(random(), 0.9) * ${years} * 365 * 86400)::int) as created_at,
          random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7
        from generate_series(1, ${count}) g
      ) r
    ) a
  ) b
) c;
analyze leads;
`;
}
