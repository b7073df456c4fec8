// Time to generate one configuration for a user with 200 lines (Clash and sing-box), in process:
// line selection plus rendering, the work the subscription endpoint does after its two reads.
// Run by `npm run bench` (scripts/bench.mjs); target under 5 ms for 200 lines.
import { SPEED_TEST_URL } from '@portal/contracts';
import { settingDefinitions } from '../src/modules/settings/definitions.js';
import { fixtureCandidates, fixtureUser, AT } from '../src/modules/subscriptions/fixtures.js';
import { formats } from '../src/modules/subscriptions/formats/index.js';
import { parseRules, type FormatContext } from '../src/modules/subscriptions/formats/context.js';
import { placeholderProxy, selectProxies, type CandidateLine } from '../src/modules/subscriptions/rules.js';
import { forClient } from '../src/modules/subscriptions/service.js';

const LINES = 200;
const RUNS = 300;

const base = fixtureCandidates();
const candidates: CandidateLine[] = Array.from({ length: LINES }, (_, i) => {
  const sample = base[i % base.length]!;
  return { ...sample, line: { ...sample.line, id: `bench-${i}`, name: `${sample.line.name} ${i + 1}`, num: 1 } };
});
const user = fixtureUser();
const rules = parseRules(settingDefinitions.subscription_rules.default);

function generate(kind: 'clash' | 'singbox'): string {
  const proxies = selectProxies(user, candidates, new Set(), AT);
  const ctx: FormatContext = {
    proxies: forClient(kind, proxies, placeholderProxy('no_lines', false)),
    title: '云梯加速',
    url: `https://sub.example.com/api/subscript/${kind}/${user.id}/${user.userkey}`,
    host: 'sub.example.com',
    base: 'https://sub.example.com',
    rules,
    groups: { select: '节点选择', auto: '自动选择' },
    speedTestUrl: SPEED_TEST_URL,
    updateHours: 24,
    query: {},
  };
  return formats[kind].render(ctx);
}

for (const kind of ['clash', 'singbox'] as const) {
  for (let i = 0; i < 30; i++) generate(kind); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    bytes = generate(kind).length;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(
    `generate ${kind} (${LINES} lines, ${(bytes / 1024).toFixed(0)} KiB): median ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
}
