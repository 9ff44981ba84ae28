/**
 * A small ICC v2 display profile for sRGB (D50-adapted primaries, gamma 2.2 curves): the output intent a
 * PDF/A file names for its colours. Built here, byte by byte, so no profile file has to travel with Kupa.
 */
export function srgbProfile(): Buffer {
  const description = 'sRGB IEC61966-2.1';
  const tags: Array<[string, Buffer]> = [
    ['desc', textDescription(description)],
    ['cprt', text('No copyright, use freely')],
    ['wtpt', xyz(0.9642, 1.0, 0.8249)],
    ['rXYZ', xyz(0.4361, 0.2225, 0.0139)],
    ['gXYZ', xyz(0.3851, 0.7169, 0.0971)],
    ['bXYZ', xyz(0.1431, 0.0606, 0.7141)],
    ['rTRC', gamma(2.2)],
    ['gTRC', gamma(2.2)],
    ['bTRC', gamma(2.2)],
  ];
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table = Buffer.alloc(tableSize);
  table.writeUInt32BE(tags.length, 0);
  const bodies: Buffer[] = [];
  tags.forEach(([signature, data], i) => {
    table.write(signature, 4 + i * 12, 'latin1');
    table.writeUInt32BE(offset, 8 + i * 12);
    table.writeUInt32BE(data.length, 12 + i * 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('mntrRGB XYZ ', 12, 'latin1');
  [2026, 1, 1, 0, 0, 0].forEach((part, i) => header.writeUInt16BE(part, 24 + i * 2));
  header.write('acsp', 36, 'latin1');
  header.writeInt32BE(fixed(0.9642), 68);
  header.writeInt32BE(fixed(1.0), 72);
  header.writeInt32BE(fixed(0.8249), 76);
  return Buffer.concat([header, table, ...bodies]);
}

const fixed = (value: number) => Math.round(value * 65536);

function xyz(x: number, y: number, z: number): Buffer {
  const data = Buffer.alloc(20);
  data.write('XYZ ', 0, 'latin1');
  [x, y, z].forEach((value, i) => data.writeInt32BE(fixed(value), 8 + i * 4));
  return data;
}

function gamma(value: number): Buffer {
  const data = Buffer.alloc(14);
  data.write('curv', 0, 'latin1');
  data.writeUInt32BE(1, 8);
  data.writeUInt16BE(Math.round(value * 256), 12);
  return data;
}

function text(value: string): Buffer {
  return Buffer.concat([Buffer.from('text\0\0\0\0', 'latin1'), Buffer.from(`${value}\0`, 'latin1')]);
}

function textDescription(value: string): Buffer {
  const ascii = Buffer.from(`${value}\0`, 'latin1');
  const head = Buffer.alloc(12);
  head.write('desc', 0, 'latin1');
  head.writeUInt32BE(ascii.length, 8);
  // No Unicode or ScriptCode description: their counts are zero, the ScriptCode field's 67 bytes empty.
  return Buffer.concat([head, ascii, Buffer.alloc(4 + 4 + 2 + 1 + 67)]);
}
