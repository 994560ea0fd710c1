// http_ece (the encrypted content-encoding web-push uses) ships no types: what the tests call.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
  };
  export default ece;
}
