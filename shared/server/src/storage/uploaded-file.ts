/** A file a request carried (multipart/form-data), as the HTTP layer hands it to a command. */
export interface UploadedFile {
  field: string;
  bytes: Buffer;
}
