// The streaming module's public surface (decision 034): HLS transcoding jobs, access and routes.
export { HlsAccess } from './hls-access.ts';
export { cookieHashOf, streamingRoutes } from './routes.ts';
export { removeStaleLadders } from './stale-ladders.ts';
export {
  queueMissingTranscodes,
  streamingJobs,
  TRANSCODE_QUEUE,
  transcodeHandler,
  transcodeQueue,
  transcodeSource,
} from './transcode-job.ts';
