import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { DEMO_FUND_PASSWORD } from '../../server/seed/content.ts';
import type { AdminDeposit } from '../../server/operator/api/types.ts';
import { browserSuite, coveredByBanner, errorsOf, loginAsDemo, loseFirstAnswer, newMobilePage, operatorCall, operatorFetch, screenshot, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('money: deposit with a proof photo, a refused withdrawal, payment methods');

/** One page for the deposit and the withdrawal: review outcomes must arrive without a reload. */
let page: Page;

/** A call to the operator API (what `npm run operator` uses). */
const operator = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => operatorCall<T>(stage.server, method, url, body);

/** An uploaded file as the operator fetches it. */
const operatorFile = async (name: string): Promise<ArrayBuffer> => {
  const res = await operatorFetch(stage.server, `/uploads/${name}`);
  assert.is(res.status, 200, 'the operator reads the proof');
  return res.arrayBuffer();
};

/** A camera-like JPEG of about 2 MB made by the page's own canvas (3000x2000), as a file to pick. */
const cameraPhoto = async (p: Page) => {
  const b64 = await p.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 3000;
    c.height = 2000;
    const ctx = c.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, 3000, 2000);
    g.addColorStop(0, '#2a6');
    g.addColorStop(1, '#fc3');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 3000, 2000);
    ctx.fillStyle = '#000';
    ctx.font = '160px sans-serif';
    ctx.fillText('TRANSFER 100.00 USD', 200, 1000);
    // Sensor noise: the detail that makes a camera JPEG weigh megabytes.
    const img = ctx.getImageData(0, 0, 3000, 2000);
    let seed = 1;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 40) - 20;
      img.data[i] += n;
      img.data[i + 1] += n;
      img.data[i + 2] += n;
    }
    ctx.putImageData(img, 0, 0);
    return c.toDataURL('image/jpeg', 0.95).split(',')[1]!;
  });
  return { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') };
};

const accountFigure = (label: string) => page.locator('.acct-money div').filter({ hasText: label }).locator('dd');
const money = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test('a bank deposit with a proof photo: shrunk and uploaded, then approved by the operator, the balance rises on screen', traced(async () => {
  page = await newMobilePage(stage.browser);
  await loginAsDemo(page, stage.server.url, '/user');
  await waitForApp(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const before = money(await accountFigure('Balance').innerText());
  assert.is(before, 10000, 'the demo balance');

  await page.locator('.acct-acts').getByRole('button', { name: 'Deposit' }).click();
  await page.getByRole('button', { name: /Bank transfer \(USD\)/ }).click();
  await page.getByText('6222020200112233445').waitFor();
  const amount = page.getByLabel('Deposit amount', { exact: true });
  await amount.fill('20');
  const submit = page.getByRole('button', { name: 'Submit deposit' });
  assert.ok(await submit.isDisabled(), 'no submit before the proof is uploaded');

  // What the camera gives: several megapixels. What leaves the phone: at most 1600 px, 300 KB.
  const photo = await cameraPhoto(page);
  assert.ok(photo.buffer.length > 1024 * 1024, `the camera photo is large: ${photo.buffer.length} bytes`);
  let uploads = 0;
  page.on('request', (r) => r.url().endsWith('/common/oss/upload') && uploads++);
  await page.locator('.proof input[type=file]').last().setInputFiles(photo);
  await page.getByText('Photo uploaded').waitFor();
  assert.is(uploads, 1, 'one upload');

  // Below the channel's minimum: refused with the limit, the typed amount kept.
  await submit.click();
  await page.getByText('At least \u2066$50\u2069').first().waitFor();
  assert.is(await amount.inputValue(), '20');
  await amount.fill('150');
  await page.getByText('You pay').waitFor();
  await screenshot(page, 'money-recharge');

  // The first answer is lost on the way back (the server did book it): the form keeps everything,
  // and the retry carries the same Idempotency-Key, so the server answers the first deposit.
  const keys = await loseFirstAnswer(page, '**/h5/recharge/submitRecharge');
  await submit.click();
  await page.locator('.form p[role=alert]').waitFor();
  assert.is(await amount.inputValue(), '150', 'the amount is kept after a failed submit');
  await submit.click();

  await page.waitForURL((u) => u.pathname === '/rechargeDetail');
  assert.is(keys.length, 2, 'submitted twice');
  assert.ok(keys[0] && keys[0] === keys[1], 'the retry reuses the key');
  const mine = (await operator<AdminDeposit[]>('GET', '/deposits')).filter((d) => d.amount.startsWith('150'));
  assert.is(mine.length, 1, 'one deposit, not two');
  await page.locator('.notify').getByText('Deposit submitted, wait for review').waitFor();
  await page.locator('.mbox').getByText('Under review').waitFor();
  assert.equal(await coveredByBanner(page), [], 'the banner covers no row, title or control of the details');
  await screenshot(page, 'money-recharge-banner');
  const orderNo = await page.locator('.mrows div').filter({ hasText: 'Order number' }).locator('dd').innerText();
  // The stored proof, fetched back with the owner's token: what left the phone.
  const shown = await page.locator('.mbox img.mimg').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  assert.equal(shown, [1600, 1067], 'longest side 1600 px, same aspect');
  const listed = await operator<AdminDeposit[]>('GET', '/deposits');
  const proof = listed.find((d) => d.orderNo === orderNo)!.proofFile!;
  const bytes = (await operatorFile(proof)).byteLength;
  assert.ok(bytes <= 300 * 1024, `at most 300 KB stored: ${bytes} bytes`);

  await operator('POST', `/deposits/${encodeURIComponent(orderNo)}/approve`, {});
  await page.locator('.mbox').getByText('Approved').waitFor({ timeout: 10_000 });
  await screenshot(page, 'money-recharge-detail');

  await page.goBack();
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/user');
  await page.waitForFunction(() => /10,150/.test(document.querySelector('.acct-money dd')?.textContent || ''));
  assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'never reloaded');
  assert.equal(errorsOf(page), []);
}));

test('each payment method kind refuses one bad input with its reason, and is bound with a good one', traced(async () => {
  await page.evaluate(() => history.pushState(null, '', '/addPayment'));
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await page.getByRole('tab', { name: 'Bank card' }).waitFor();
  const payee = page.getByLabel('Payee', { exact: true });
  const save = page.getByRole('button', { name: 'Save' });
  const fillPayee = async () => {
    if (!(await payee.inputValue())) await payee.fill('Ana Souza');
  };

  // Bank: Banco do Brasil takes 8 to 12 digits.
  await fillPayee();
  await page.getByLabel('Bank', { exact: true }).selectOption('001');
  const card = page.getByLabel('Bank card number', { exact: true });
  await card.fill('12345');
  await save.click();
  await page.getByText('Bank card number entered incorrectly').waitFor();
  await card.fill('123456789');
  await save.click();
  await page.waitForURL((u) => u.pathname === '/paymentMethod');
  await page.locator('.mcard').filter({ hasText: 'Banco do Brasil' }).getByText(/\*+789|\*+89/).waitFor();

  // PIX: a CPF whose check digit is wrong.
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('tab', { name: 'PIX' }).click();
  await fillPayee();
  await page.getByLabel('Key type', { exact: true }).selectOption('cpf');
  const key = page.getByLabel('PIX key', { exact: true });
  await key.fill('529.982.247-24');
  await save.click();
  await page.getByText('This PIX key is not valid for its type').waitFor();
  assert.is(await key.inputValue(), '529.982.247-24', 'the typed key stays to be corrected');
  await key.fill('529.982.247-25');
  await save.click();
  await page.waitForURL((u) => u.pathname === '/paymentMethod');

  // Wallet address: a TRC20 address that is not one.
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await page.getByRole('tab', { name: 'Wallet address' }).click();
  await page.getByLabel('Network', { exact: true }).selectOption('TRC20');
  const address = page.getByLabel('Wallet address', { exact: true });
  await address.fill('0xdAC17F958D2ee523a2206206994597C13D831ec7');
  await save.click();
  await page.getByText('Enter the correct wallet address format').waitFor();
  await address.fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await save.click();
  await page.waitForURL((u) => u.pathname === '/paymentMethod');
  await page.getByText('TR7N****Lj6t').waitFor();

  // Payment QR and PayPay QR: nothing to save until the photo of the code is up.
  for (const kind of ['Payment QR code', 'PayPay']) {
    await page.getByRole('button', { name: 'Add payment method' }).click();
    await page.getByRole('tab', { name: kind }).click();
    await payee.fill('');
    assert.ok(await save.isDisabled(), `${kind}: no save without the code's photo`);
    await page.locator('.proof input[type=file]').last().setInputFiles(await cameraPhoto(page));
    await page.getByText('Photo uploaded').waitFor();
    await save.click();
    await page.getByText('Cannot be empty').waitFor();
    await payee.fill('Ana Souza');
    await save.click();
    await page.waitForURL((u) => u.pathname === '/paymentMethod');
  }
  await screenshot(page, 'money-payment-methods');
  for (const kind of ['Bank card', 'PIX', 'Wallet address', 'Payment QR code', 'PayPay']) {
    await page.locator('.mcard header b').getByText(kind, { exact: true }).first().waitFor();
  }
  assert.equal(errorsOf(page), []);
}));

test('a withdrawal to the bound card, rejected by the operator: the balance comes back and the reason is shown', traced(async () => {
  await page.evaluate(() => history.pushState(null, '', '/withdraw'));
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await page.getByText('Fee rule').waitFor();
  await page.getByRole('radio', { name: /Bank card · Banco do Brasil/ }).check();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  // The fee is the server's rule: 1 % with a minimum of 1.
  const fee = page.locator('.form .mrows div').filter({ hasText: 'Handling fee' }).locator('dd');
  await fee.waitFor();
  assert.is(await fee.innerText(), '$1');
  assert.is(await page.locator('.form .mrows div').filter({ hasText: 'Taken from balance' }).locator('dd').innerText(), '$101');
  assert.not.ok(await page.getByText('Arrives in real time, no fee').count(), 'no promise the server does not make');
  const pwd = page.getByLabel('Fund password', { exact: true });
  await pwd.fill('000000');
  await page.getByRole('button', { name: 'Withdraw now' }).click();
  await page.getByRole('dialog', { name: 'Confirm the withdrawal' }).getByRole('button', { name: 'Confirm' }).click();
  await page.locator('.form [role=alert]').waitFor();
  assert.is(await page.getByLabel('Amount', { exact: true }).inputValue(), '100', 'the amount stays after a refusal');
  await pwd.fill(DEMO_FUND_PASSWORD);
  await screenshot(page, 'money-withdraw');
  await page.getByRole('button', { name: 'Withdraw now' }).click();
  await page.getByRole('dialog', { name: 'Confirm the withdrawal' }).getByRole('button', { name: 'Confirm' }).click();

  await page.waitForURL((u) => u.pathname === '/withdrawDetail');
  await page.locator('.mbox').getByText('In progress').waitFor();
  await page.locator('.notify').getByText('Withdrawal application successful, wait for review').waitFor();
  assert.equal(await coveredByBanner(page), [], 'the banner covers no row, title or control of the details');
  await screenshot(page, 'money-withdraw-banner');
  const orderNo = await page.locator('.mrows div').filter({ hasText: 'Order number' }).locator('dd').innerText();
  await operator('POST', `/withdrawals/${encodeURIComponent(orderNo)}`, { status: 'rejected', reason: 'Payee name does not match' });
  await page.locator('.mbox').getByText('Rejected', { exact: true }).waitFor({ timeout: 10_000 });
  await page.locator('.mbox').getByText('Payee name does not match').waitFor();
  await screenshot(page, 'money-withdraw-detail');

  await page.evaluate(() => history.pushState(null, '', '/user'));
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await page.waitForFunction(() => /10,150/.test(document.querySelector('.acct-money dd')?.textContent || ''));
  assert.is(money(await accountFigure('Frozen').innerText()), 0, 'nothing left frozen');
  assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'never reloaded');
  assert.equal(errorsOf(page), []);
}));

test.run();
