// The site audit's large site (issue 16): N generated pages rows on top of the
// demo content, made in SQL (as bench/lead-data.js and bench/analytics-data.js
// make theirs), so `npm run bench -- seo` audits a site of 1,000 extra pages.
//
// Each page is a guide at /guide-<n> (a "topic" page: published, in the
// sitemap) with three sections, links to the guides before and after it and
// to /services, so none is an orphan. A few in every hundred carry a problem
// the audit must name, so the overview has real groups to show:
//   n % 10 = 0  a description over 156 characters (worth a look)
//   n % 25 = 0  a thin body (should fix)
//   n % 50 = 1  a link to a page that does not exist (must fix)
// Nothing here depends on the app's code: plain SQL, run by the benchmark
// against PGlite (the server stopped) or PostgreSQL.

const PARAGRAPH =
  "Stress, sleep and mood are tied together: a hard week shows up at night, and a short night makes the next day harder. " +
  "Small steady habits help more than big plans, so pick one thing to try for a week and notice what changes. " +
  "If worry or low mood keeps you from work, school or the people you love for more than two weeks, talk with us.";

/** The SQL that adds `pages` guides (/guide-1 … /guide-<pages>), in one statement. */
export function seoFillSql(pages) {
  return `
    insert into pages (slug, section, schema_type, title, meta_title, meta_description, lede, body, published, sort_order)
    select
      'guide-' || n,
      'topic',
      'MedicalWebPage',
      'Guide ' || n || ': stress, sleep and mood',
      'Guide ' || n || ' to Stress, Sleep and Mood | Cypress Lane',
      case when n % 10 = 0
        then 'Guide ' || n || ' from our clinicians on stress, sleep and mood: simple steps to try at home, what to notice, and when to ask us for help, in person or by secure video anywhere in Florida.'
        else 'Guide ' || n || ' from our clinicians on stress, sleep and mood, with simple steps to try at home and when to ask us for help, in person or by video.'
      end,
      'A short guide from our clinicians.',
      case when n % 25 = 0 then 'A short note.'
      else
        '## What to know' || E'\\n\\n' || ${quote(PARAGRAPH)} || E'\\n\\n' ||
        '## What to try this week' || E'\\n\\n' || ${quote(PARAGRAPH)} || E'\\n\\n' ||
        '## When to ask for help' || E'\\n\\n' || ${quote(PARAGRAPH)} || E'\\n\\n' ||
        case when n > 1 then '[The guide before](/guide-' || (n - 1) || ') · ' else '' end ||
        case when n < ${pages} then '[The next guide](/guide-' || (n + 1) || ') · ' else '' end ||
        '[Our services](/services)' ||
        case when n % 50 = 1 then ' · [An old page](/guide-gone-' || n || ')' else '' end
      end,
      true,
      1000 + n
    from generate_series(1, ${pages}) as n`;
}

function quote(text) {
  return `'${text.replace(/'/g, "''")}'`;
}

/** What the audit must find in the generated pages, counted from the rules above. */
export function seoFillExpected(pages) {
  const multiples = (k) => Math.floor(pages / k);
  return {
    pages,
    longDescriptions: multiples(10),
    thinPages: multiples(25),
    brokenLinks: Math.floor((pages + 49) / 50),
  };
}
