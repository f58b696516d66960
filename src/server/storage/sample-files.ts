import { crc32, deflateSync } from 'node:zlib'

/**
 * Test-only: small real files of each upload format, built in code so no binary fixtures are
 * committed. `padTo` appends zero bytes (after the end marker) to reach a size.
 */
function pad(buffer: Buffer, padTo = 0): Buffer {
  return buffer.length >= padTo ? buffer : Buffer.concat([buffer, Buffer.alloc(padTo - buffer.length)])
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid 1×1 red PNG. */
export function samplePng(padTo?: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(1, 0)
  ihdr.writeUInt32BE(1, 4)
  ihdr.writeUInt8(8, 8) // bit depth
  ihdr.writeUInt8(2, 9) // colour type: RGB
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
  return pad(png, padTo)
}

export function sampleJpeg(padTo?: number): Buffer {
  const jfif = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00,
  ])
  return pad(Buffer.concat([jfif, Buffer.from([0xff, 0xd9])]), padTo)
}

export function samplePdf(padTo?: number): Buffer {
  const pdf = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n')
  return pad(Buffer.from(pdf, 'latin1'), padTo)
}

/** An MP3 with an empty ID3v2 tag and one silent MPEG-1 Layer III frame. */
export function sampleMp3(padTo?: number): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  return pad(Buffer.concat([id3, frame]), padTo)
}

/** A WAV header for 8-bit mono with `dataBytes` bytes of silence. */
export function sampleWav(dataBytes = 100): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write('WAVE', 8, 'latin1')
  header.write('fmt ', 12, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(8000, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(dataBytes, 40)
  return Buffer.concat([header, Buffer.alloc(dataBytes, 0x80)])
}

/** Bytes 0, 1, 2, … 255, 0, 1, … so any slice is recognisable. */
export function countingBytes(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => i % 256))
}
