/** A histogram bar's grid view id, e.g. cpuRequest_bucket_200 (Unspecified: cpuRequest_bucket_-1). */
export function bucketGridViewId(metric: string, bucket: number) {
  return `${metric}_bucket_${bucket}`;
}
