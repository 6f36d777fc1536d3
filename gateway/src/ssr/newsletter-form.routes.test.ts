import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMessage } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_SECRET: 'f'.repeat(40) });
});
afterAll(() => t.close());

const post = (path: string, form: string) => request(t.app).post(path).type('form').send(form);

describe('newsletter forms without JavaScript', () => {
  it('subscribes by a plain POST, then sends the reader to the page with the outcome and never the address', async () => {
    const res = await post('/newsletter', 'email=form%40example.com&frequency=weekly&page=%2Fnewsletter&website=').expect(303);
    expect(res.headers.location).toBe('/newsletter?done=subscribed');
    const [mail] = await t.db.orm.em.fork().find(OutboxMessage, { kind: 'newsletter-confirmation' });
    expect(mail.payload.to).toBe('form@example.com');

    const token = decodeURIComponent(/confirm\?token=([^\s&"]+)/.exec(mail.payload.text)![1]);
    expect((await post('/newsletter/confirm', `token=${encodeURIComponent(token)}`).expect(303)).headers.location).toBe('/newsletter?done=confirmed');
    expect((await post('/newsletter/confirm', `token=${encodeURIComponent(token)}`).expect(303)).headers.location).toBe('/newsletter?problem=token');
  });

  it('names the bad field in the outcome, and refuses a body that is not a form', async () => {
    expect((await post('/newsletter', 'email=a%40b.c%0D%0ABcc%3A+x%40y.z').expect(303)).headers.location).toBe('/newsletter?problem=email');
    expect((await post('/newsletter', 'email=ok%40example.com&frequency=hourly').expect(303)).headers.location).toBe('/newsletter?problem=frequency');
    await request(t.app).post('/newsletter').send({ email: 'json@example.com' }).expect(415);
  });
});
