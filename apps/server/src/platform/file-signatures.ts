/** The first bytes of each file type the product accepts: a file must be what it says it is (a script renamed .png is refused). */
const signatures = {
  'image/png': (d: Buffer) => d.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (d: Buffer) => d.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/webp': (d: Buffer) => d.subarray(0, 4).toString('latin1') === 'RIFF' && d.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (d: Buffer) => d.subarray(0, 5).toString('latin1') === '%PDF-',
};
export type SignedFileType = keyof typeof signatures;

/** Whether the bytes begin as a file of that type does. */
export function isFileOfType(data: Buffer, contentType: SignedFileType): boolean {
  return data.length >= 12 && signatures[contentType](data);
}
