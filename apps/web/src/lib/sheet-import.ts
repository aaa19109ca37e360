/** One bad cell of an imported .xlsx file, as the server names it (`rows.<sheet row>.<column>`). */
export interface RowError {
  key: string;
  row: number;
  column: string;
  message: string;
}

/** The server's `rows.<sheet row>.<column>` fields → the error report's lines, in sheet order (columns as the template has them). */
export function rowErrors(fields: Record<string, string>, columns: readonly string[]): RowError[] {
  const order = (column: string) => (columns.includes(column) ? columns.indexOf(column) : columns.length);
  return Object.entries(fields)
    .map(([path, message]) => {
      const m = /^rows\.(\d+)\.(\w+)$/.exec(path);
      return m ? { key: path, row: Number(m[1]), column: m[2]!, message } : null;
    })
    .filter((e): e is RowError => e !== null)
    .sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
}

/** A picked file's bytes as base64 (what an import's JSON body carries). */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
