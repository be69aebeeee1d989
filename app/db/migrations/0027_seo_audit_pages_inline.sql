-- A site audit's page rows (about 2 KB each, most of it the page view's lists
-- in "detail") are kept inline and uncompressed: with the default target (2 KB)
-- most crossed it, and compressing each one's detail made about a fifth of the
-- results' write, which on PGlite runs on the thread that answers visitors
-- (1,081 rows: 118 -> 96 ms in a throwaway PGlite script, 2026-11-28). They are
-- written once per run and read a page or a list at a time.
ALTER TABLE "seo_audit_pages" SET (toast_tuple_target = 8160);
