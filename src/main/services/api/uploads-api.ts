import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import type { CallOptions, ServiceClient } from '../http/service-client';

/** The multipart import upload: init, part URLs, proxied part upload, complete. A thin typed layer over the catalogue: input and answer types come from it. */
export class UploadsApi {
  constructor(private readonly client: ServiceClient) {}

  /** Start a multipart upload of a database file for import. */
  init(
    input: OperationInput<'uploads.init'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'uploads.init'>> {
    return this.client.call('uploads.init', input, options);
  }

  /** Get the pre-signed URL to upload one part to. */
  getPartUrl(
    input: OperationInput<'uploads.getPartUrl'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'uploads.getPartUrl'>> {
    return this.client.call('uploads.getPartUrl', input, options);
  }

  /** Upload one part through the service and get its ETag. */
  putPart(
    input: OperationInput<'uploads.putPart'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'uploads.putPart'>> {
    return this.client.call('uploads.putPart', input, options);
  }

  /** Complete a multipart upload from the ETags of its parts. */
  complete(
    input: OperationInput<'uploads.complete'>,
    options?: CallOptions,
  ): Promise<OperationOutput<'uploads.complete'>> {
    return this.client.call('uploads.complete', input, options);
  }
}
