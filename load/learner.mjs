// One simulated learner: opens lessons and plays them like the web player does (a progress report at every
// 10 s of playback, watch events sent in batches of 10 and the rest when the lesson closes), browsing the
// catalogue now and then. Playback runs `compression` times faster than real time.

const EVENTS_PER_BATCH = 10;
const PROGRESS_EVERY_SECONDS = 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Which lessons each learner watches: half enroll in a free course, half watch free lessons of paid ones. */
export async function planLearners(recorder, count) {
  const list = await recorder.request('catalogue', '/api/v1/courses?page=1&size=50');
  if (list.status !== 200) throw new Error(`the catalogue answered ${list.status}`);
  const courses = [];
  for (const { id } of list.json.items) {
    const detail = await recorder.request('catalogue', `/api/v1/courses/${id}`);
    courses.push(detail.json);
  }
  const playable = (lessons) => lessons.filter((l) => l.hasVideo);
  const free = courses.filter((c) => c.price === 0);
  const previews = courses.filter((c) => c.price > 0 && c.lessons.some((l) => l.isFree && l.hasVideo));
  if (free.length === 0 || previews.length === 0) throw new Error('the catalogue has no free course or free preview');
  const ids = courses.map((c) => c.id);
  return Array.from({ length: count }, (_, i) => {
    if (i % 2 === 0) {
      const course = free[(i / 2) % free.length];
      return { enrollIn: course.id, lessons: playable(course.lessons).map((l) => l.id), browse: ids };
    }
    const course = previews[Math.floor(i / 2) % previews.length];
    return { enrollIn: null, lessons: playable(course.lessons.filter((l) => l.isFree)).map((l) => l.id), browse: ids };
  });
}

export async function runLearner({ learner, plan, recorder, ledger, tickMs, deadline }) {
  const as = { cookie: learner.cookie };
  let ticks = 0;
  const browse = async () => {
    const page = 1 + (ticks % 2);
    await recorder.request('catalogue', `/api/v1/courses?page=${page}&size=10`);
    await recorder.request('catalogue', `/api/v1/courses/${plan.browse[ticks % plan.browse.length]}`, as);
    await recorder.request('catalogue', ticks % 2 ? '/api/v1/stats' : '/api/v1/courses/featured');
  };

  // Learners arrive spread over the first tick, not all in the same millisecond.
  await sleep(Math.random() * tickMs);
  if (plan.enrollIn) {
    const res = await recorder.request('enroll', `/api/v1/courses/${plan.enrollIn}/enroll`, { ...as, method: 'POST' });
    if (res.status === 200) ledger.enrollments.add(`${learner.id} ${plan.enrollIn}`);
  }

  for (let n = 0; Date.now() < deadline; n++) {
    const lessonId = plan.lessons[n % plan.lessons.length];
    const detail = await recorder.request('lesson', `/api/v1/lessons/${lessonId}`, as);
    const signed = await recorder.request('signed-url', `/api/v1/lessons/${lessonId}/signed-url`, as);
    if (detail.status !== 200 || signed.status !== 200) {
      await sleep(tickMs);
      continue;
    }
    ledger.opened(learner.id, lessonId);
    const duration = detail.json.durationSeconds;
    const { sessionId } = signed.json;
    const pending = [{ sessionId, eventType: 'play', positionSec: 0 }];
    const send = async (events) => {
      const res = await recorder.request('events', `/api/v1/lessons/${lessonId}/events`, {
        ...as,
        method: 'POST',
        body: events,
      });
      if (res.status === 200) {
        ledger.events += res.json.accepted;
        ledger.eventBatches += 1;
      }
    };

    let position = 0;
    let next = Date.now() + tickMs;
    while (position < duration && Date.now() < deadline) {
      await sleep(next - Date.now());
      next += tickMs;
      ticks += 1;
      position = Math.min(position + PROGRESS_EVERY_SECONDS, duration);
      // What a learner does between two reports: pause and resume, now and then a seek.
      pending.push({ sessionId, eventType: 'pause', positionSec: position - 0.5 });
      pending.push({ sessionId, eventType: 'play', positionSec: position - 0.5 });
      if (ticks % 3 === 0) pending.push({ sessionId, eventType: 'seek', positionSec: position });
      const report = await recorder.request('progress', `/api/v1/lessons/${lessonId}/progress`, {
        ...as,
        method: 'PUT',
        body: { watchSeconds: position, completed: position >= duration },
      });
      if (report.status === 200) ledger.reported(learner.id, lessonId, report.json.resumeSeconds);
      while (pending.length >= EVENTS_PER_BATCH) await send(pending.splice(0, EVENTS_PER_BATCH));
      if (ticks % 4 === 0) await browse();
    }
    // The player closes: what is left goes in one last, smaller batch (sendBeacon in the browser).
    pending.push({ sessionId, eventType: position >= duration ? 'complete' : 'pause', positionSec: position });
    await send(pending.splice(0));
  }
  return ticks;
}
