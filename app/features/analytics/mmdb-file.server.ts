import fs from "node:fs";

// A MaxMind DB (MMDB) file read in place, through positional reads of 4 KB
// blocks kept in a small LRU cache, instead of loading the file into memory
// as mmdb-lib and maxmind do: the DB-IP city files are 134 MB, more than a
// quarter of the server's memory budget, while a lookup touches a few dozen
// bytes of them. The operating system's page cache keeps the hot parts of
// the file (it is not the process's resident memory). Format:
// https://maxmind.github.io/MaxMind-DB/ (search tree, 16-byte separator,
// data section, metadata after a marker at the end).

const BLOCK_BITS = 12;
const BLOCK_SIZE = 1 << BLOCK_BITS;
const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from("MaxMind.com")]);
const DATA_SEPARATOR = 16;

type Value = string | number | boolean | bigint | Buffer | Value[] | { [key: string]: Value } | null;

export interface MmdbMetadata {
  nodeCount: number;
  recordSize: 24 | 28 | 32;
  ipVersion: 4 | 6;
  databaseType: string;
  buildEpoch: number;
}

/** An open MMDB file: `lookup(bytes)` gives the data offset of an address's record, `fields(offset, names)` its values. */
export class MmdbFile {
  readonly metadata: MmdbMetadata;
  private readonly fd: number;
  private readonly size: number;
  private readonly treeSize: number;
  private readonly nodeBytes: number;
  // Cached blocks live in one fixed slab (no allocation per block read, so
  // no churn for the garbage collector or malloc): block index → slab offset.
  private readonly slab: Buffer;
  private readonly blocks = new Map<number, number>();
  private position = 0;

  constructor(
    readonly path: string,
    private readonly maxBlocks = 512,
  ) {
    this.slab = Buffer.alloc(maxBlocks * BLOCK_SIZE);
    this.fd = fs.openSync(path, "r");
    try {
      this.size = fs.fstatSync(this.fd).size;
      const metadata = this.readMetadata();
      const recordSize = Number(metadata.record_size);
      if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32) {
        throw new Error(`unsupported MMDB record size ${recordSize} in ${path}`);
      }
      this.metadata = {
        nodeCount: Number(metadata.node_count),
        recordSize,
        ipVersion: Number(metadata.ip_version) === 4 ? 4 : 6,
        databaseType: String(metadata.database_type),
        buildEpoch: Number(metadata.build_epoch),
      };
      this.nodeBytes = recordSize / 4;
      this.treeSize = this.metadata.nodeCount * this.nodeBytes;
    } catch (error) {
      fs.closeSync(this.fd);
      throw error;
    }
  }

  close(): void {
    fs.closeSync(this.fd);
    this.blocks.clear();
  }

  /**
   * The absolute offset of the data record for an address given as its
   * bytes (4 for IPv4, 16 for IPv6), or null when the file has none. An IPv4
   * address in an IPv6 file is looked up as ::a.b.c.d (the file's own
   * IPv4 subtree).
   */
  lookup(address: Uint8Array): number | null {
    const { nodeCount } = this.metadata;
    let bits = address;
    if (this.metadata.ipVersion === 6 && address.length === 4) {
      bits = new Uint8Array(16);
      bits.set(address, 12);
    } else if (this.metadata.ipVersion === 4 && address.length !== 4) {
      return null;
    }
    let node = 0;
    const total = bits.length * 8;
    for (let i = 0; i < total && node < nodeCount; i++) {
      const bit = (bits[i >> 3]! >> (7 - (i & 7))) & 1;
      node = this.record(node, bit);
    }
    if (node <= nodeCount) return null; // == nodeCount: "no data"; < nodeCount cannot happen for a full walk
    return this.treeSize + (node - nodeCount); // (node − nodeCount − 16) within the data section
  }

  /** The named top-level fields of the map at `offset` (the others are skipped, not decoded). */
  fields(offset: number, names: readonly string[]): Record<string, Value> {
    this.position = offset;
    const out: Record<string, Value> = {};
    const { type, size } = this.control();
    if (type !== 7) throw new Error(`MMDB record at ${offset} is not a map (type ${type})`);
    for (let i = 0; i < size; i++) {
      const key = this.value(this.treeSize + DATA_SEPARATOR);
      if (typeof key === "string" && names.includes(key)) out[key] = this.value(this.treeSize + DATA_SEPARATOR);
      else this.skip();
    }
    return out;
  }

  // -------------------------------------------------------------------------
  // Bytes

  /** The slab offset where block `index` of the file is cached (read from the file on a miss). */
  private block(index: number): number {
    let at = this.blocks.get(index);
    if (at !== undefined) {
      // Re-insert: a Map iterates in insertion order, so the oldest key comes first.
      this.blocks.delete(index);
    } else {
      if (this.blocks.size >= this.maxBlocks) {
        const oldest = this.blocks.keys().next().value!;
        at = this.blocks.get(oldest)!;
        this.blocks.delete(oldest);
      } else {
        at = this.blocks.size * BLOCK_SIZE;
      }
      // Past the end of the file the rest of the block is zeros; reads there are refused in byte().
      const read = fs.readSync(this.fd, this.slab, at, BLOCK_SIZE, index * BLOCK_SIZE);
      this.slab.fill(0, at + read, at + BLOCK_SIZE);
    }
    this.blocks.set(index, at);
    return at;
  }

  private byte(offset: number): number {
    if (offset >= this.size) throw new Error(`MMDB read past the end of ${this.path} (offset ${offset})`);
    return this.slab[this.block(offset >>> BLOCK_BITS) + (offset & (BLOCK_SIZE - 1))]!;
  }

  private uint(offset: number, length: number): number {
    let n = 0;
    for (let i = 0; i < length; i++) n = n * 256 + this.byte(offset + i);
    return n;
  }

  /** `length` bytes from `offset`, copied (a slab slot may be reused by the next read). */
  private bytes(offset: number, length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    for (let i = 0; i < length; i++) out[i] = this.byte(offset + i);
    return out;
  }

  private text(offset: number, length: number): string {
    const start = offset & (BLOCK_SIZE - 1);
    if (start + length <= BLOCK_SIZE && offset + length <= this.size) {
      const at = this.block(offset >>> BLOCK_BITS) + start;
      return this.slab.toString("utf8", at, at + length);
    }
    return this.bytes(offset, length).toString("utf8");
  }

  // -------------------------------------------------------------------------
  // Search tree

  private record(node: number, bit: number): number {
    const at = node * this.nodeBytes;
    switch (this.metadata.recordSize) {
      case 24:
        return this.uint(at + bit * 3, 3);
      case 28:
        return bit === 0
          ? ((this.byte(at + 3) & 0xf0) << 20) + this.uint(at, 3)
          : (this.byte(at + 3) & 0x0f) * 2 ** 24 + this.uint(at + 4, 3);
      case 32:
        return this.uint(at + bit * 4, 4);
    }
  }

  // -------------------------------------------------------------------------
  // Data section: values are decoded from `position`, which they advance.

  private control(): { type: number; size: number; pointer?: number } {
    const ctrl = this.byte(this.position++);
    let type = ctrl >> 5;
    if (type === 1) {
      const ss = (ctrl >> 3) & 3;
      const v = ctrl & 7;
      const n = this.uint(this.position, ss + 1);
      this.position += ss + 1;
      const pointer =
        ss === 0 ? v * 256 + n : ss === 1 ? v * 65536 + n + 2048 : ss === 2 ? v * 2 ** 24 + n + 526336 : n;
      return { type, size: 0, pointer };
    }
    if (type === 0) type = 7 + this.byte(this.position++);
    let size = ctrl & 0x1f;
    if (size >= 29) {
      const extra = size - 28;
      const n = this.uint(this.position, extra);
      this.position += extra;
      size = size === 29 ? 29 + n : size === 30 ? 285 + n : 65821 + n;
    }
    return { type, size };
  }

  /** Decodes the value at `position`; pointers are relative to `base` (the data section, or the metadata). */
  private value(base: number): Value {
    const { type, size, pointer } = this.control();
    if (pointer !== undefined) {
      const after = this.position;
      this.position = base + pointer;
      const value = this.value(base);
      this.position = after;
      return value;
    }
    const at = this.position;
    switch (type) {
      case 2:
        this.position += size;
        return this.text(at, size);
      case 3:
        this.position += 8;
        return this.bytes(at, 8).readDoubleBE(0);
      case 4:
        this.position += size;
        return this.bytes(at, size);
      case 5:
      case 6:
        this.position += size;
        return this.uint(at, size);
      case 8:
        this.position += size;
        return size === 0 ? 0 : this.bytes(at, size).readIntBE(0, size);
      case 9:
      case 10: {
        this.position += size;
        let n = 0n;
        for (let i = 0; i < size; i++) n = n * 256n + BigInt(this.byte(at + i));
        return n;
      }
      case 7: {
        const map: Record<string, Value> = {};
        for (let i = 0; i < size; i++) {
          const key = this.value(base);
          map[String(key)] = this.value(base);
        }
        return map;
      }
      case 11: {
        const list: Value[] = [];
        for (let i = 0; i < size; i++) list.push(this.value(base));
        return list;
      }
      case 14:
        return size !== 0;
      case 15:
        this.position += 4;
        return this.bytes(at, 4).readFloatBE(0);
      default:
        throw new Error(`MMDB value of unknown type ${type} at ${at - 1} in ${this.path}`);
    }
  }

  /** Steps over the value at `position` without decoding it (a pointer is not followed). */
  private skip(): void {
    const { type, size, pointer } = this.control();
    if (pointer !== undefined) return;
    if (type === 7) for (let i = 0; i < size * 2; i++) this.skip();
    else if (type === 11) for (let i = 0; i < size; i++) this.skip();
    else if (type === 3) this.position += 8;
    else if (type === 15) this.position += 4;
    else if (type !== 14) this.position += size;
  }

  private readMetadata(): Record<string, Value> {
    const tail = Math.min(this.size, 128 * 1024);
    const buffer = Buffer.alloc(tail);
    fs.readSync(this.fd, buffer, 0, tail, this.size - tail);
    const marker = buffer.lastIndexOf(METADATA_MARKER);
    if (marker < 0) throw new Error(`${this.path} is not a MaxMind DB file (no metadata marker)`);
    const start = this.size - tail + marker + METADATA_MARKER.length;
    this.position = start;
    const metadata = this.value(start);
    if (!metadata || typeof metadata !== "object" || Array.isArray(metadata) || Buffer.isBuffer(metadata)) {
      throw new Error(`${this.path} has no metadata map`);
    }
    return metadata;
  }
}
