// Fastify's own request log lines, made one access line per request at info: method, URL, status and duration,
// never bodies or headers (Fastify writes two by default, "incoming request" with the headers and "request
// completed"). Failures are logged at error by the error handler, for 5xx and unexpected errors only; a browser that
// closes a stream early (the notification stream, a download) is no error, so that line is debug (decision 035).
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    }
    // an error here is the response failing after it started (Fastify's reply callback), not a handled one
    if (error) reply.log.error({ ...line, err: error }, 'request failed while answering')
    else request.log.info(line, 'request')
  }

  // a 404 is answered by our not-found handler and has its access line
  override routeNotFound() {}

  override streamError(error: Error, _request: FastifyRequest, reply: FastifyReply) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug({ url: reply.request.url }, 'the client closed the stream')
    } else {
      reply.log.warn({ err: error }, 'the response stream failed after its headers were sent')
    }
  }
}
