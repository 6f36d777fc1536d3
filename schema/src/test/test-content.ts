import type { EntityManager } from '@mikro-orm/core';
import { articleCoverKey, coverPath } from '../lib/cover-url.js';
import { Article } from '../modules/article/article.entity.js';
import { BreakingNewsItem } from '../modules/breaking-news/breaking-news-item.entity.js';
import { Category } from '../modules/category/category.entity.js';
import { Partner } from '../modules/partner/partner.entity.js';
import { categories } from '../seeders/data/site-content.js';
import type { SeedArticle, SeedBreakingNewsItem, SeedPartner } from '../seeders/data/seed-types.js';

/**
 * The test seeder: the rows tests assert on, owned by the tests. The launch content
 * (schema/src/seeders) can change without breaking a test; only seed-content.test.ts checks it.
 *
 * The browsing categories are the product's list (docs/product.md), not launch content, so they are shared
 * with the launch seed. Everything else here is invented for the tests: 45 articles over all 11
 * categories (4 each, 5 in cybersecurity), the newest of them breaking, 15 published in the last
 * 48 hours, some with a source link and some without; 5 ticker headlines; 3 partners (two in the
 * sidebar, one of them Premium, and one promotion).
 */

/**
 * Seeding time: publish dates are relative to it, as on a real first start. One per test run
 * (TEST_SEED_TIME, set by template-databases.setup.ts), as the seeded rows are shared by the run.
 */
export const TEST_NOW = process.env.TEST_SEED_TIME ? new Date(process.env.TEST_SEED_TIME) : new Date();

export { categories };

type Draft = Pick<SeedArticle, 'slug' | 'title' | 'excerpt' | 'hoursAgo'> & {
  /** A second sentence of its own for the body. */
  detail: string;
  isBreaking?: boolean;
  /** Gives the article a source link. */
  sourced?: boolean;
};

const AUTHORS = ['Maren Talbot', 'Jonah Ferrier', 'Aroha Kingsley', 'Declan Mabey', 'Sunita Rowe', 'Pippa Lindhurst'];

const drafts: Record<string, Draft[]> = {
  'artificial-intelligence': [
    {
      slug: 'library-ai-reading-helper',
      title: 'Launceston library pilots an AI helper that suggests books for early readers',
      excerpt: 'Children at three branches can ask a talking kiosk for a story at their reading level, with librarians checking every list it suggests.',
      detail: 'The kiosk keeps no recordings, and parents can switch it off for their children at the front desk.',
      hoursAgo: 0.4,
      isBreaking: true,
      sourced: true,
    },
    {
      slug: 'darwin-startup-counts-mud-crabs',
      title: 'Darwin start-up Tidewrack trains image models to count mud crabs in the shallows',
      excerpt: 'Fisheries scientists say camera surveys analysed by software could replace slow manual counts across the Top End.',
      detail: 'The models were trained on twelve thousand labelled photographs taken at low tide.',
      hoursAgo: 30,
    },
    {
      slug: 'council-tests-ai-rates-assistant',
      title: 'Council tests an AI chat assistant for rates enquiries, with staff checking every answer',
      excerpt: 'A regional council will let residents ask a chatbot about payment plans while officers review each reply before it is sent.',
      detail: 'The council said it would publish the share of answers its officers had to correct.',
      hoursAgo: 200,
      sourced: true,
    },
    {
      slug: 'camera-grades-fleece-in-shed',
      title: 'Wool classers trial a camera system that grades fleece on the shearing shed table',
      excerpt: 'Growers in the Riverina are comparing machine estimates of fibre diameter with the judgement of experienced classers.',
      detail: 'Classers said the system was quick but still struggled with dusty or tender fleeces.',
      hoursAgo: 600,
    },
  ],
  'quantum-computing': [
    {
      slug: 'kestrelwave-cools-first-qubit-chip',
      title: 'Kestrelwave cools its first qubit chip below one kelvin in a Perth laboratory',
      excerpt: 'The two-year-old company says reaching the milestone locally saves months of shipping prototypes overseas for testing.',
      detail: 'Its engineers built the cryostat wiring themselves from parts made in Western Australia.',
      hoursAgo: 3,
    },
    {
      slug: 'quantum-sensing-course-for-surveyors',
      title: 'Geelong university opens a quantum sensing course for mine surveyors',
      excerpt: 'The short course teaches how gravity sensors can map what lies underground without drilling a single hole.',
      detail: 'The first intake of twenty places filled within a week of enrolments opening.',
      hoursAgo: 80,
      sourced: true,
    },
    {
      slug: 'banks-map-post-quantum-priorities',
      title: 'Banks asked to map which of their systems need post-quantum encryption first',
      excerpt: 'An industry working group wants every lender to list the systems that hold long-lived secrets by the end of next year.',
      detail: 'The group said payment networks and archives of customer records should come first.',
      hoursAgo: 260,
    },
    {
      slug: 'quantum-random-numbers-for-lotteries',
      title: 'Quantum random number service offered to lottery and raffle operators',
      excerpt: 'A Canberra company is pitching random numbers drawn from light measurements as a way to make draws easier to audit.',
      detail: 'Regulators said any new source of randomness would still need independent certification.',
      hoursAgo: 700,
    },
  ],
  cybersecurity: [
    {
      slug: 'water-utility-billing-restored',
      title: 'Regional water utility restores billing after a ransomware lockout',
      excerpt: 'Customers of a country water authority can pay their accounts again after staff rebuilt the billing servers from offline backups.',
      detail: 'The authority said drinking water treatment ran on separate systems and was never affected.',
      hoursAgo: 1.5,
      isBreaking: true,
      sourced: true,
    },
    {
      slug: 'phishing-kit-copies-toll-invoices',
      title: 'Phishing kit copies toll road invoices to target commuters',
      excerpt: 'Researchers found text messages with convincing payment pages that harvest card numbers from drivers in three capital cities.',
      detail: 'Toll operators reminded customers that they never ask for card details by text message.',
      hoursAgo: 20,
    },
    {
      slug: 'council-guide-to-multi-factor-login',
      title: 'Tasmanian council publishes a plain-English guide to multi-factor login',
      excerpt: 'The guide walks small organisations through switching on a second login step for email, banking and payroll.',
      detail: 'It has already been downloaded by sporting clubs and volunteer groups across the state.',
      hoursAgo: 100,
    },
    {
      slug: 'keystrel-opens-security-centre',
      title: 'Password manager maker Keystrel opens a security operations centre in Hobart',
      excerpt: 'The centre will watch for attacks around the clock and employ forty analysts within two years.',
      detail: 'The company said local hiring was easier than it expected thanks to new university courses.',
      hoursAgo: 300,
      sourced: true,
    },
    {
      slug: 'schools-audit-old-laptops',
      title: 'Schools urged to wipe old student laptops properly before they are resold',
      excerpt: 'A review found several second-hand devices still held student records and saved passwords from their previous school.',
      detail: 'The review recommended certified data erasure for every device leaving a school.',
      hoursAgo: 800,
    },
  ],
  'space-economy': [
    {
      slug: 'whyalla-engine-test-stand-fires',
      title: 'Whyalla rocket engine test stand fires for ninety seconds',
      excerpt: 'The longest burn yet at the coastal test site brings the company behind it closer to its first suborbital flight.',
      detail: 'Local residents were told about the test a week ahead and the road to the site was closed for an hour.',
      hoursAgo: 6,
      isBreaking: true,
    },
    {
      slug: 'satellite-hail-damage-maps',
      title: 'Farm insurance start-up maps hail damage from orbit within a day of a storm',
      excerpt: 'Claims assessors can now see which paddocks were hit before they drive out, shortening the wait for payouts.',
      detail: 'The start-up buys imagery from several satellite operators and stitches it together overnight.',
      hoursAgo: 45,
      sourced: true,
    },
    {
      slug: 'kimberley-ground-station-customer',
      title: 'Ground station in the Kimberley signs its first overseas customer',
      excerpt: 'An Asian weather satellite operator will download data through antennas near Broome from the middle of next year.',
      detail: 'The station is run by a company part-owned by local Traditional Owners.',
      hoursAgo: 150,
    },
    {
      slug: 'students-build-erosion-satellite',
      title: 'Students build a shoebox satellite to measure coastal erosion',
      excerpt: 'A team of engineering undergraduates hopes to launch its small satellite on a rideshare mission within two years.',
      detail: 'The satellite will photograph the same beaches every week to track changes in the shoreline.',
      hoursAgo: 500,
    },
  ],
  'ar-vr-metaverse': [
    {
      slug: 'museum-rebuilds-wharf-in-mixed-reality',
      title: 'Museum uses mixed reality headsets to rebuild a nineteenth-century wharf',
      excerpt: 'Visitors can walk the harbour foreshore and see the timber wharf and its cargo sheds where they once stood.',
      detail: 'Historians spent a year matching old photographs and shipping records to get the details right.',
      hoursAgo: 12,
    },
    {
      slug: 'firefighters-rehearse-tunnel-rescues',
      title: 'Firefighters rehearse tunnel rescues in a shared virtual training ground',
      excerpt: 'Crews from three stations can practise the same smoke-filled scenario together without closing a real road tunnel.',
      detail: 'Trainers can add fallen lighting, stalled cars or a second fire while the crews are inside.',
      hoursAgo: 90,
      sourced: true,
    },
    {
      slug: 'optometrists-warn-headset-eye-strain',
      title: 'Optometrists warn about eye strain from long virtual reality headset sessions',
      excerpt: 'A professional body recommends regular breaks and properly fitted lenses for anyone using a headset for work.',
      detail: 'It said children should use headsets only for short periods and with an adult nearby.',
      hoursAgo: 400,
    },
    {
      slug: 'virtual-open-homes-interstate-buyers',
      title: 'Real estate agents trial virtual open homes for interstate buyers',
      excerpt: 'Buyers in other states can tour a house with the agent in real time and measure rooms from their own lounge.',
      detail: 'Agents said buyers still wanted a building inspection before they signed a contract.',
      hoursAgo: 900,
    },
  ],
  'blockchain-crypto': [
    {
      slug: 'wattlecoin-fined-over-yield-ads',
      title: 'Crypto exchange Wattlecoin fined over misleading yield advertisements',
      excerpt: 'The regulator found the exchange promoted returns it could not guarantee and failed to explain the risks to customers.',
      detail: 'The exchange said it had changed its advertising and would contact every affected customer.',
      hoursAgo: 2,
      isBreaking: true,
    },
    {
      slug: 'cattle-producers-test-shared-ledger',
      title: 'Cattle producers test a shared ledger for saleyard paperwork',
      excerpt: 'Agents, transporters and buyers can see the same movement records instead of re-entering them at every step.',
      detail: 'The trial runs at two saleyards in central Queensland until the end of the year.',
      hoursAgo: 60,
    },
    {
      slug: 'regulator-explains-custody-licences',
      title: 'Regulator explains how licences apply to crypto custody services',
      excerpt: 'New guidance sets out when a business holding digital assets for customers needs a financial services licence.',
      detail: 'The guidance includes worked examples for wallets, exchanges and payment apps.',
      hoursAgo: 240,
      sourced: true,
    },
    {
      slug: 'winemakers-record-barrel-provenance',
      title: 'Winemakers record barrel provenance on a permissioned ledger',
      excerpt: 'A group of Barossa producers wants export buyers to be able to check where each barrel of wine came from.',
      detail: 'The producers chose a ledger run by an industry body rather than a public cryptocurrency network.',
      hoursAgo: 1000,
    },
  ],
  'autonomous-vehicles': [
    {
      slug: 'driverless-ore-train-night-run',
      title: 'Driverless ore train completes its first night run without a crew on board',
      excerpt: 'The train travelled more than two hundred kilometres from mine to port while controllers watched from a city office.',
      detail: 'The operator said the night run was the last step before a full timetable without crews.',
      hoursAgo: 8,
    },
    {
      slug: 'mandurah-autonomous-shuttle-app',
      title: 'Mandurah trial lets residents book an autonomous shuttle by app',
      excerpt: 'The small electric shuttle runs between the foreshore, the train station and a retirement village on request.',
      detail: 'A safety officer rides on board for the first six months of the trial.',
      hoursAgo: 70,
      sourced: true,
    },
    {
      slug: 'rules-for-remote-supervision',
      title: 'Road authority drafts rules for the remote supervision of delivery robots',
      excerpt: 'The draft says one person may oversee several footpath robots but must be able to stop any of them within seconds.',
      detail: 'Public comments on the draft close at the end of next month.',
      hoursAgo: 330,
    },
    {
      slug: 'vineyard-robot-mows-steep-slopes',
      title: 'Vineyard robot learns to mow between the rows on steep slopes',
      excerpt: 'Growers in the Adelaide Hills say the robot saves hours of work on slopes that are unsafe for tractors.',
      detail: 'The robot stops and calls for help when it meets an obstacle it does not recognise.',
      hoursAgo: 650,
    },
  ],
  'iot-connected-devices': [
    {
      slug: 'smart-meter-firmware-fault',
      title: 'Smart meter firmware fault leaves thousands of homes without usage data',
      excerpt: 'Households can still draw power normally, but their apps have shown no readings since an update last weekend.',
      detail: 'The retailer said bills would be estimated until the meters were fixed.',
      hoursAgo: 4,
    },
    {
      slug: 'oyster-farmers-fit-temperature-sensors',
      title: 'Oyster farmers fit water temperature sensors to racks in the estuary',
      excerpt: 'Growers receive an alert on their phones when the water warms to levels that stress their stock.',
      detail: 'The sensors run for a year on one battery and send readings every fifteen minutes.',
      hoursAgo: 40,
      sourced: true,
    },
    {
      slug: 'smart-intercom-data-questions',
      title: 'Apartment owners question who controls the data from smart intercoms',
      excerpt: 'Owners corporations are asking installers where visitor photos are stored and who can look at them.',
      detail: 'A consumer group has published questions owners can ask before signing a contract.',
      hoursAgo: 180,
    },
    {
      slug: 'bushwalkers-borrow-satellite-messengers',
      title: 'Bushwalking club lends satellite messengers to its members',
      excerpt: 'Walkers heading into remote country can borrow a device that sends their location and an emergency call.',
      detail: 'The club bought the devices with a grant from a local community bank.',
      hoursAgo: 450,
    },
  ],
  'brain-computer-interfaces-bcis': [
    {
      slug: 'headband-helps-spell-words',
      title: 'Adelaide clinic trials a headband that helps people with motor neurone disease spell words',
      excerpt: 'Participants choose letters on a screen by focusing on them, with no surgery and no need to move.',
      detail: 'Clinicians said the speed of spelling improved each week as the software learnt each person.',
      hoursAgo: 16,
      sourced: true,
    },
    {
      slug: 'neuroethics-panel-brain-data',
      title: 'Neuroethics panel asks for limits on selling brain-signal data',
      excerpt: 'The panel says recordings from consumer headsets should be treated like health information under privacy law.',
      detail: 'It also wants companies to delete raw recordings once their purpose has been served.',
      hoursAgo: 110,
    },
    {
      slug: 'students-build-low-cost-eeg-kit',
      title: 'Engineering students build a low-cost EEG kit for school classrooms',
      excerpt: 'The kit costs less than a graphics calculator and lets students see their own brain waves on a laptop.',
      detail: 'The design files are free for any school to use and adapt.',
      hoursAgo: 380,
    },
    {
      slug: 'headset-detects-micro-sleeps',
      title: 'Sleep researchers test a headset that detects micro-sleeps in truck drivers',
      excerpt: 'The device warns drivers when their brain activity shows the brief lapses that come before a crash.',
      detail: 'Drivers in the study said the alerts were useful but the headset was uncomfortable on long shifts.',
      hoursAgo: 720,
    },
  ],
  'cloud-computing': [
    {
      slug: 'cloud-outage-delays-enrolments',
      title: 'Cloud outage delays online enrolments at three TAFE campuses',
      excerpt: 'Students could not finish their enrolment forms for most of a morning while a hosting provider restored service.',
      detail: 'The institute extended its enrolment deadline by a week to make up for the lost time.',
      hoursAgo: 10,
    },
    {
      slug: 'fruit-packer-moves-to-local-cloud',
      title: 'Fruit packer moves its grading data to an Australian cloud region',
      excerpt: 'The business says keeping photographs of every tray onshore made it easier to meet its export contracts.',
      detail: 'The move also cut the time it took to produce end-of-day reports for growers.',
      hoursAgo: 55,
      sourced: true,
    },
    {
      slug: 'hospital-plans-for-cloud-outage',
      title: 'Hospital network adopts a backup plan for when the cloud goes dark',
      excerpt: 'Wards will keep printed patient lists and a local copy of key records in case their online systems fail.',
      detail: 'The plan was tested during a planned maintenance window last month.',
      hoursAgo: 220,
    },
    {
      slug: 'small-firms-compare-cloud-bills',
      title: 'Small firms compare cloud bills after a storage price rise',
      excerpt: 'Accountants say many clients are paying for storage they no longer use and should review their plans.',
      detail: 'Some firms found old backups that had been kept for years without anyone checking them.',
      hoursAgo: 850,
    },
  ],
  edtech: [
    {
      slug: 'offline-maths-app-remote-schools',
      title: 'Maths app for remote schools works for weeks without an internet connection',
      excerpt: 'Teachers sync student progress whenever a connection is available, and lessons keep working in between.',
      detail: 'The app was designed with teachers from schools where the internet drops out for days at a time.',
      hoursAgo: 5,
      sourced: true,
    },
    {
      slug: 'teachers-course-on-ai-homework',
      title: 'Teachers get a free course on checking homework written with AI',
      excerpt: 'The course shows how to design tasks that ask students to show their thinking rather than just an answer.',
      detail: 'It was written by a group of secondary teachers and a university assessment specialist.',
      hoursAgo: 50,
    },
    {
      slug: 'digital-lab-notebooks-university',
      title: 'University replaces paper lab books with shared digital notebooks',
      excerpt: 'Science students record their experiments in notebooks their supervisors can read and comment on straight away.',
      detail: 'The university said the change also made it easier to keep records for research integrity checks.',
      hoursAgo: 160,
    },
    {
      slug: 'language-app-for-school-newsletters',
      title: 'Language app helps migrant parents follow school newsletters',
      excerpt: 'Parents can read school notices in their own language and reply to teachers in English.',
      detail: 'Schools using the app said more parents were returning permission forms on time.',
      hoursAgo: 620,
    },
  ],
};

const categoryNames = new Map(categories.map((c) => [c.slug, c.name]));

/** A body of several sentences: the excerpt, the article's own detail and what every report adds. */
function body(draft: Draft, categorySlug: string): string {
  return [
    draft.excerpt,
    draft.detail,
    'People involved said the early results were encouraging, but that more evidence was needed before any wider rollout.',
    `Observers who follow ${categoryNames.get(categorySlug)} welcomed the news while cautioning that costs and privacy still had to be weighed.`,
    'A further update is expected once the organisers have analysed the figures from the coming months.',
  ].join(' ');
}

/** The test articles, grouped by category in the browsing order (their ids follow this order). */
export const testArticles: SeedArticle[] = categories
  .flatMap((category) => (drafts[category.slug] ?? []).map((draft) => ({ draft, categorySlug: category.slug })))
  .map(({ draft, categorySlug }, i) => ({
    slug: draft.slug,
    title: draft.title,
    excerpt: draft.excerpt,
    content: body(draft, categorySlug),
    categorySlug,
    author: AUTHORS[i % AUTHORS.length],
    hoursAgo: draft.hoursAgo,
    isBreaking: draft.isBreaking ?? false,
    ...(draft.sourced ? { sourceUrl: `https://example.org/sources/${draft.slug}` } : {}),
  }));

/** Ticker headlines. */
export const testBreakingNews: SeedBreakingNewsItem[] = [
  { title: 'Water utility billing back online after ransomware lockout', position: 1 },
  { title: 'Whyalla engine test stand completes a ninety-second burn', position: 2 },
  { title: 'Exchange fined over misleading crypto yield advertisements', position: 3 },
  { title: 'Library AI reading helper pilot to open at every branch', position: 4 },
  { title: 'Smart meter firmware fault under investigation', position: 5 },
];

/** Two sidebar partners (one Premium) and one promotion. */
export const testPartners: SeedPartner[] = [
  {
    slug: 'lyrebird-cloud-hosting',
    name: 'Lyrebird Cloud Hosting',
    description: 'Managed hosting for test sites, with nightly backups and a support desk that answers in business hours.',
    offer: '25% off the first six months',
    cta: 'See Plans',
    affiliateUrl: 'https://example.org/partners/lyrebird',
    icon: 'Dns',
    badge: 'Premium',
    placement: 'sidebar',
  },
  {
    slug: 'quoll-site-builder',
    name: 'Quoll Site Builder',
    description: 'Drag-and-drop website builder with templates for clubs, cafes and small shops.',
    offer: 'Two months free',
    cta: 'Build Your Site',
    affiliateUrl: 'https://example.org/partners/quoll',
    icon: 'Language',
    placement: 'sidebar',
  },
  {
    slug: 'bilby-secure-vpn',
    name: 'Bilby Secure VPN',
    description: 'A private network service for travellers who work from airports, hotels and cafes.',
    offer: 'Half price for a year',
    cta: 'Try It Free',
    affiliateUrl: 'https://example.org/partners/bilby',
    icon: 'VpnLock',
    placement: 'promotion',
  },
];

/** The row values of an article published `hoursAgo` before `now`. */
function articleValues(article: SeedArticle, category: Category, now: Date) {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    category,
    author: article.author,
    publishedAt: new Date(now.getTime() - Math.round(article.hoursAgo * 3_600_000)),
    imageUrl: coverPath(articleCoverKey(article.categorySlug, article.slug)),
    sourceUrl: article.sourceUrl ?? null,
    isBreaking: article.isBreaking,
  };
}

/** Stores the browsing categories and the test articles, ticker headlines and partners. */
export async function seedTestContent(em: EntityManager, now = TEST_NOW): Promise<void> {
  await em.transactional(async (tx) => {
    const bySlug = new Map<string, Category>();
    for (const c of categories) bySlug.set(c.slug, tx.create(Category, { ...c }));
    for (const a of testArticles) tx.create(Article, articleValues(a, bySlug.get(a.categorySlug)!, now));
    for (const item of testBreakingNews) tx.create(BreakingNewsItem, { ...item });
    for (const p of testPartners) tx.create(Partner, { ...p, badge: p.badge ?? null });
  });
}
