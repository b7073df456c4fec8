/**
 * Our own schematic drawing of a client app's screen, in place of screenshots: a phone or desktop
 * window with the app's title, its navigation, a few rows, and the element the step talks about
 * drawn in the brand colour inside a dashed red frame. One parameterised SVG for every step keeps
 * the tutorials light (no image requests, a few hundred bytes of data per drawing).
 */
export interface ScreenSpec {
  device: 'phone' | 'desktop';
  /** The app's title bar. */
  app: string;
  /** What the drawing shows, read out as the image's accessible name. */
  label: string;
  /** Navigation entries: a sidebar on the desktop, a bottom tab bar on the phone. */
  nav?: readonly string[];
  /** Content rows (profiles, nodes, settings). */
  rows?: readonly string[];
  /** The element the step points at. */
  mark:
    | { at: 'nav'; index: number }
    | { at: 'row'; index: number }
    | { at: 'switch'; index: number }
    | { at: 'action'; text: string };
}

const BRAND = '#2563eb';
const MARK = '#dc2626';
const LINE = '#cbd5e1';
const SOFT = '#f1f5f9';
const INK = '#334155';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function layout(device: ScreenSpec['device']) {
  return device === 'phone'
    ? { w: 200, h: 320, screen: { x: 10, y: 10, w: 180, h: 300 }, sidebar: 0 }
    : { w: 360, h: 230, screen: { x: 4, y: 4, w: 352, h: 222 }, sidebar: 84 };
}

function Label({ box, text, fill = INK, weight }: { box: Box; text: string; fill?: string; weight?: number }) {
  return (
    <text x={box.x + 8} y={box.y + box.h / 2 + 4} fontSize="11" fill={fill} fontWeight={weight}>
      {text}
    </text>
  );
}

function Marker({ box }: { box: Box }) {
  return (
    <rect
      x={box.x - 3}
      y={box.y - 3}
      width={box.w + 6}
      height={box.h + 6}
      rx="6"
      fill="none"
      stroke={MARK}
      strokeWidth="2"
      strokeDasharray="5 3"
    />
  );
}

export function ClientScreen({ spec }: { spec: ScreenSpec }) {
  const { device, app, label, nav = [], rows = [], mark } = spec;
  const { w, h, screen, sidebar } = layout(device);
  const phone = device === 'phone';
  const top = screen.y + (phone ? 30 : 26);
  const contentX = screen.x + sidebar + 8;
  const contentW = screen.w - sidebar - 16;
  const tabH = phone && nav.length ? 36 : 0;
  const marked: Box[] = [];

  const navBoxes: Box[] = nav.map((_, i) =>
    phone
      ? { x: screen.x + (i * screen.w) / nav.length, y: screen.y + screen.h - tabH, w: screen.w / nav.length, h: tabH }
      : { x: screen.x + 6, y: top + 6 + i * 28, w: sidebar - 12, h: 22 },
  );
  const rowBoxes: Box[] = rows.map((_, i) => ({ x: contentX, y: top + 10 + i * 34, w: contentW, h: 26 }));
  // On the phone the action is the screen's main button, above the tab bar.
  const actionBox: Box = phone
    ? { x: screen.x + screen.w / 2 - 50, y: screen.y + screen.h - tabH - 44, w: 100, h: 28 }
    : { x: screen.x + screen.w - 84, y: top + 4 + rows.length * 34 + 10, w: 76, h: 24 };

  if (mark.at === 'nav' && navBoxes[mark.index]) marked.push(navBoxes[mark.index]!);
  if (mark.at === 'row' && rowBoxes[mark.index]) marked.push(rowBoxes[mark.index]!);
  const switchBox = mark.at === 'switch' && rowBoxes[mark.index] ? rowBoxes[mark.index]! : null;
  if (switchBox) marked.push({ x: switchBox.x + switchBox.w - 38, y: switchBox.y + 5, w: 30, h: 16 });
  if (mark.at === 'action') marked.push(actionBox);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${w} ${h}`}
      width="100%"
      style={{ maxWidth: phone ? 220 : 420, height: 'auto', display: 'block' }}
      fontFamily="system-ui, sans-serif"
    >
      <rect x="0.5" y="0.5" width={w - 1} height={h - 1} rx={phone ? 24 : 8} fill="#0f172a" />
      <rect {...rect(screen)} rx={phone ? 16 : 5} fill="#fff" />
      <rect x={screen.x} y={screen.y} width={screen.w} height={top - screen.y} fill={SOFT} />
      {!phone &&
        [0, 1, 2].map((i) => <circle key={i} cx={screen.x + 12 + i * 12} cy={screen.y + 13} r="4" fill={LINE} />)}
      <text
        x={phone ? screen.x + screen.w / 2 : screen.x + 56}
        y={top - 9}
        fontSize="12"
        fontWeight="600"
        fill={INK}
        textAnchor={phone ? 'middle' : 'start'}
      >
        {app}
      </text>
      {!phone && nav.length > 0 && (
        <rect x={screen.x} y={top} width={sidebar} height={screen.y + screen.h - top} fill={SOFT} />
      )}
      {nav.map((item, i) => {
        const on = mark.at === 'nav' && mark.index === i;
        return (
          <g key={item}>
            {on && <rect {...rect(navBoxes[i]!)} rx="4" fill={BRAND} />}
            {phone ? (
              <text
                x={navBoxes[i]!.x + navBoxes[i]!.w / 2}
                y={navBoxes[i]!.y + navBoxes[i]!.h / 2 + 3}
                fontSize="8"
                fill={on ? '#fff' : INK}
                textAnchor="middle"
              >
                {item}
              </text>
            ) : (
              <Label box={navBoxes[i]!} text={item} fill={on ? '#fff' : INK} />
            )}
          </g>
        );
      })}
      {phone && tabH > 0 && (
        <line
          x1={screen.x}
          x2={screen.x + screen.w}
          y1={screen.y + screen.h - tabH}
          y2={screen.y + screen.h - tabH}
          stroke={LINE}
        />
      )}
      {rows.map((row, i) => {
        const box = rowBoxes[i]!;
        const on = mark.at === 'row' && mark.index === i;
        const toggle = mark.at === 'switch' && mark.index === i;
        return (
          <g key={row}>
            <rect {...rect(box)} rx="5" fill={on ? BRAND : '#fff'} stroke={on ? BRAND : LINE} />
            <Label box={box} text={row} fill={on ? '#fff' : INK} />
            {toggle && (
              <g>
                <rect x={box.x + box.w - 38} y={box.y + 5} width="30" height="16" rx="8" fill={BRAND} />
                <circle cx={box.x + box.w - 16} cy={box.y + 13} r="6" fill="#fff" />
              </g>
            )}
          </g>
        );
      })}
      {mark.at === 'action' && (
        <g>
          <rect {...rect(actionBox)} rx="5" fill={BRAND} />
          <text
            x={actionBox.x + actionBox.w / 2}
            y={actionBox.y + actionBox.h / 2 + 4}
            fontSize="11"
            fill="#fff"
            textAnchor="middle"
          >
            {mark.text}
          </text>
        </g>
      )}
      {marked.map((box, i) => (
        <Marker key={i} box={box} />
      ))}
    </svg>
  );
}

function rect(box: Box) {
  return { x: box.x, y: box.y, width: box.w, height: box.h };
}
