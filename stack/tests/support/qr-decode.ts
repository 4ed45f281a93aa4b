/**
 * A small QR code reader for tests: the SVG GoTrue's enrolment returns (goqrsvg rects, drawn
 * transposed) back to modules, then format information, unmasking, the zigzag codewords, a
 * Reed-Solomon syndrome check of every block (so the error correction is right, not only the
 * data) and byte-mode data. Level H only, as GoTrue encodes. Written independently of the
 * encoder in stack/src/auth/qrcode.ts, apart from the standard's block table.
 */

const EC_PER_BLOCK_H = [
  0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30,
  30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
];
const BLOCKS_H = [
  0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45,
  48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
];

/** The modules of goqrsvg's SVG, [y][x] (its rects are drawn with x and y swapped). */
export function modulesFromSvg(svg: string): boolean[][] {
  const rects = [
    ...svg.matchAll(
      /<rect x="(\d+)" y="(\d+)" width="3" height="3" style="fill:(black|white);stroke:none" \/>/g,
    ),
  ];
  const n = Math.round(Math.sqrt(rects.length));
  if (n * n !== rects.length) throw new Error(`not a square of modules: ${rects.length}`);
  const m = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (const [, x, y, fill] of rects) {
    const col = (Number(x) - 12) / 3;
    const row = (Number(y) - 12) / 3;
    // WriteQrSVG puts module (x, y) at svg (y, x).
    m[col]![row] = fill === 'black';
  }
  return m;
}

function gfMul(a: number, b: number): number {
  let r = 0;
  while (b > 0) {
    if (b & 1) r ^= a;
    a <<= 1;
    if (a & 0x100) a ^= 0x11d;
    b >>= 1;
  }
  return r;
}

export function decodeQr(m: boolean[][]): string {
  const size = m.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 40) throw new Error(`bad size ${size}`);
  const at = (x: number, y: number) => m[y]![x]!;
  let format = 0;
  const coords: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  coords.forEach(([x, y], i) => {
    if (at(x, y)) format |= 1 << i;
  });
  format ^= 0x5412;
  const data5 = format >>> 10;
  if (data5 >>> 3 !== 0b10) throw new Error(`error correction level is not H: ${data5 >>> 3}`);
  const mask = data5 & 7;

  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < size && y < size) reserved[y]![x] = true;
  };
  for (let i = 0; i < size; i++) {
    mark(6, i);
    mark(i, 6);
  }
  for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) mark(x, y);
  for (let y = 0; y < 9; y++) for (let x = size - 8; x < size; x++) mark(x, y);
  for (let y = size - 8; y < size; y++) for (let x = 0; x < 9; x++) mark(x, y);
  if (version >= 2) {
    const count = Math.floor(version / 7) + 2;
    const last = size - 7;
    const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2;
    const centers = [6];
    for (let c = last - step * (count - 2); c <= last; c += step) centers.push(c);
    for (const cx of centers) {
      for (const cy of centers) {
        if ((cx === 6 && cy === 6) || (cx === 6 && cy === last) || (cx === last && cy === 6)) continue;
        for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mark(cx + dx, cy + dy);
      }
    }
  }
  if (version >= 7) {
    for (let a = size - 11; a < size - 8; a++) {
      for (let b = 0; b < 6; b++) {
        mark(a, b);
        mark(b, a);
      }
    }
  }
  const masked = (x: number, y: number) =>
    [
      (x + y) % 2 === 0,
      y % 2 === 0,
      x % 3 === 0,
      (x + y) % 3 === 0,
      (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
      ((x * y) % 2) + ((x * y) % 3) === 0,
      (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
      (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
    ][mask]!;
  const bits: number[] = [];
  let upward = true;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let k = 0; k < size; k++) {
      const y = upward ? size - 1 - k : k;
      for (const x of [right, right - 1]) {
        if (!reserved[y]![x]) bits.push(at(x, y) !== masked(x, y) ? 1 : 0);
      }
    }
    upward = !upward;
  }
  const total = Math.floor(bits.length / 8);
  const codewords = Array.from({ length: total }, (_, i) =>
    bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0),
  );
  const blocks = BLOCKS_H[version]!;
  const ec = EC_PER_BLOCK_H[version]!;
  const shortTotal = Math.floor(total / blocks);
  const longBlocks = total % blocks;
  const lengths = Array.from({ length: blocks }, (_, i) => shortTotal + (i >= blocks - longBlocks ? 1 : 0));
  const dataLengths = lengths.map((l) => l - ec);
  const parts = lengths.map(() => [] as number[]);
  let k = 0;
  for (let i = 0; i < Math.max(...dataLengths); i++) {
    for (let b = 0; b < blocks; b++) if (i < dataLengths[b]!) parts[b]!.push(codewords[k++]!);
  }
  for (let i = 0; i < ec; i++) for (let b = 0; b < blocks; b++) parts[b]!.push(codewords[k++]!);
  const data: number[] = [];
  parts.forEach((block, b) => {
    let alpha = 1;
    for (let i = 0; i < ec; i++) {
      let s = 0;
      for (const c of block) s = gfMul(s, alpha) ^ c;
      if (s !== 0) throw new Error(`block ${b}: Reed-Solomon syndrome ${i} is ${s}`);
      alpha = gfMul(alpha, 2);
    }
    data.push(...block.slice(0, dataLengths[b]));
  });
  const stream = data.flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >>> (7 - i)) & 1));
  let pos = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | stream[pos++]!;
    return v;
  };
  if (read(4) !== 0b0100) throw new Error('not byte mode');
  const length = read(version < 10 ? 8 : 16);
  return Buffer.from(Array.from({ length }, () => read(8))).toString('utf8');
}
