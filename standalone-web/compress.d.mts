/** Writes file.br and file.gz beside each compressible file under dir (same modification time as the file). */
export function compressFiles(dir: string): void;
