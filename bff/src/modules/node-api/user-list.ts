import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Agent } from '../../db/schema.js';

const gzip = promisify(gzipCallback);

/**
 * The node user list (GET /user) served from a cache that the database's list versions keep
 * honest (docs/node-api.md "Versions and ETags").
 *
 * A node's list depends only on the rules of its public lines (`LineRule`: refuses agency users,
 * requires a permission), so nodes with the same rules share one built list. A built list is
 * fresh while the versions it was built under (node_list_versions, moved by triggers on every
 * change that can alter a list) are still the current ones, the service day is the same, and no
 * time package or grant of a listed user has run out since (`validUntil`). A pull reads the
 * versions (one small query); when the cached list is fresh and its ETag is the node's, the answer
 * is 304 without reading a user.
 */

export interface LineRule {
  dfa: boolean;
  perm: string | null;
}

export interface ListState {
  upgradeRequestedAt: Date | null;
  serverType: Agent['serverType'];
  rules: LineRule[];
  /** scope → version (decimal text), as read with the rules. */
  versions: Record<string, string>;
}

export interface ListBuild {
  versions: Record<string, string>;
  /** JSON user entries joined with commas ('' for none). */
  users: string;
  count: number;
  /** Epoch ms after which time alone may change the list; null: never. */
  validUntil: number | null;
}

export interface BuiltList {
  rulesKey: string;
  versionKey: string;
  day: string;
  validUntil: number | null;
  count: number;
  /** sha1 of `identity`: the ETag of a node without an upgrade request. */
  hash: string;
  identity: Buffer;
  gzip: Buffer;
}

/**
 * The canonical form of a node's rules: a line that refuses agency users adds nobody when a line
 * with the same permission rule admits them, so it is dropped; the rest is sorted.
 */
export function rulesKeyOf(rules: LineRule[]): { key: string; rules: LineRule[] } {
  const open = new Set(rules.filter((r) => !r.dfa).map((r) => r.perm));
  const kept = new Map<string, LineRule>();
  for (const rule of rules) {
    if (rule.dfa && open.has(rule.perm)) continue;
    kept.set(JSON.stringify([rule.dfa, rule.perm]), { dfa: rule.dfa, perm: rule.perm });
  }
  const keys = [...kept.keys()].sort();
  return { key: `[${keys.join(',')}]`, rules: keys.map((k) => kept.get(k)!) };
}

export function versionKeyOf(versions: Record<string, string>): string {
  return Object.keys(versions)
    .sort()
    .map((scope) => `${scope}=${versions[scope]}`)
    .join(';');
}

export function isFresh(list: BuiltList, versionKey: string, day: string, now: number): boolean {
  return list.versionKey === versionKey && list.day === day && (list.validUntil === null || now < list.validUntil);
}

/** Turns a build into cached bodies: the JSON, its hash and a gzip copy (in the thread pool). */
export async function bodiesOf(build: ListBuild, rulesKey: string, day: string): Promise<BuiltList> {
  const identity = Buffer.from(`{"users":[${build.users}]}`);
  // Level 1: the entries are mostly random base64, which level 6 shrinks little further (8.2
  // against 8.4 MB at 78 k users) for twice the time. The hash runs meanwhile.
  const zipping = gzip(identity, { level: 1 });
  const hash = createHash('sha1').update(identity).digest('hex');
  return {
    rulesKey,
    versionKey: versionKeyOf(build.versions),
    day,
    validUntil: build.validUntil,
    count: build.count,
    hash,
    identity,
    gzip: await zipping,
  };
}

/**
 * The ETag of a node's body: the list's hash, or, with an upgrade request in front of the list, a
 * hash of both (the body is then another one). `-gz` marks the gzip representation, as a strong
 * validator must differ between codings; comparison ignores it.
 */
export function etagOf(hash: string, upgradeJson: string | undefined): string {
  return upgradeJson === undefined ? hash : createHash('sha1').update(`${hash}\n${upgradeJson}`).digest('hex');
}

export function quotedEtag(tag: string, encoding: 'gzip' | 'identity'): string {
  return encoding === 'gzip' ? `"${tag}-gz"` : `"${tag}"`;
}

/** true when If-None-Match names `tag` (in any of its codings, weak or strong) or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((value) => {
    const v = value.trim();
    if (v === '*') return true;
    const bare = v.replace(/^W\//, '').replace(/^"|"$/g, '').replace(/-gz$/, '');
    return bare === tag;
  });
}

/** gzip when the client accepts it (q > 0), else the plain JSON. */
export function encodingFor(acceptEncoding: string | undefined): 'gzip' | 'identity' {
  if (acceptEncoding === undefined) return 'identity';
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return 'gzip';
  }
  return 'identity';
}

/**
 * Built lists by rules key, least recently used first out, bounded by bytes: a list of 100 k users
 * is about 28 MB (JSON and gzip), and one per distinct rule set is all a fleet needs.
 */
export class ListCache {
  private readonly lists = new Map<string, BuiltList>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(rulesKey: string): BuiltList | undefined {
    const list = this.lists.get(rulesKey);
    if (list !== undefined) {
      this.lists.delete(rulesKey);
      this.lists.set(rulesKey, list);
    }
    return list;
  }

  set(list: BuiltList): void {
    this.delete(list.rulesKey);
    this.lists.set(list.rulesKey, list);
    this.bytes += sizeOf(list);
    for (const [key, oldest] of this.lists) {
      if (this.bytes <= this.maxBytes || oldest === list) break;
      this.delete(key);
    }
  }

  private delete(rulesKey: string): void {
    const old = this.lists.get(rulesKey);
    if (old === undefined) return;
    this.lists.delete(rulesKey);
    this.bytes -= sizeOf(old);
  }
}

function sizeOf(list: BuiltList): number {
  return list.identity.length + list.gzip.length;
}
