// rate-limiter-flexible declares its store base class in its types but does not export it from its index: a store
// of our own (app/models/rate-limit-store.server.ts) extends it from its file, as the library's README describes.
declare module "rate-limiter-flexible/lib/RateLimiterStoreAbstract.js" {
  import { RateLimiterStoreAbstract } from "rate-limiter-flexible";
  export default RateLimiterStoreAbstract;
}
