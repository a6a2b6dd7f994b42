/** What reading a picture's structure gives: its declared size, and its bytes without metadata. */
export interface Picture {
  width: number;
  height: number;
  /** The file with metadata removed; the same array when there was nothing to remove. */
  bytes: Uint8Array;
}
