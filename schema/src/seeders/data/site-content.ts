import type { SeedBreakingNewsItem, SeedCategory, SeedPartner } from './seed-types.js';

/** The 11 browsing categories, in display order. */
export const categories: SeedCategory[] = [
  {
    name: 'Artificial Intelligence',
    slug: 'artificial-intelligence',
    description:
      'Machine learning, generative AI and automation, and how Australian businesses, researchers and regulators are putting them to work.',
    icon: 'Psychology',
    position: 1,
  },
  {
    name: 'Quantum Computing',
    slug: 'quantum-computing',
    description:
      'Qubits, quantum sensing and post-quantum security, from local research labs to the start-ups chasing commercial machines.',
    icon: 'Memory',
    position: 2,
  },
  {
    name: 'Cybersecurity',
    slug: 'cybersecurity',
    description:
      'Data breaches, ransomware, threat intelligence and the policies shaping how Australian organisations defend their systems.',
    icon: 'Security',
    position: 3,
  },
  {
    name: 'Space Economy',
    slug: 'space-economy',
    description:
      'Launches, satellites, ground stations and the growing Australian industry building a business beyond the atmosphere.',
    icon: 'RocketLaunch',
    position: 4,
  },
  {
    name: 'AR/VR & Metaverse',
    slug: 'ar-vr-metaverse',
    description:
      'Augmented and virtual reality headsets, immersive training and shared digital worlds, with a focus on real-world uses.',
    icon: 'ViewInAr',
    position: 5,
  },
  {
    name: 'Blockchain / Crypto',
    slug: 'blockchain-crypto',
    description:
      'Digital assets, exchanges, tokenisation and distributed ledgers, plus the licensing rules that apply to them in Australia.',
    icon: 'CurrencyBitcoin',
    position: 6,
  },
  {
    name: 'Autonomous Vehicles',
    slug: 'autonomous-vehicles',
    description:
      'Driverless trucks, shuttles, farm machinery and delivery robots, and the road rules being written for them across Australia.',
    icon: 'DirectionsCar',
    position: 7,
  },
  {
    name: 'IoT & Connected Devices',
    slug: 'iot-connected-devices',
    description:
      'Smart homes, farm sensors, wearables and industrial networks, covering the devices that connect everyday things to the internet.',
    icon: 'Router',
    position: 8,
  },
  {
    name: 'Brain-Computer Interfaces (BCIs)',
    slug: 'brain-computer-interfaces-bcis',
    description:
      'Implanted and wearable neurotechnology, clinical trials and the ethical questions raised by devices that read brain signals.',
    icon: 'Hub',
    position: 9,
  },
  {
    name: 'Cloud Computing',
    slug: 'cloud-computing',
    description:
      'Cloud platforms, data centres, sovereignty and edge computing, and what they mean for Australian organisations and their data.',
    icon: 'Cloud',
    position: 10,
  },
  {
    name: 'EdTech',
    slug: 'edtech',
    description:
      'Technology in classrooms, TAFEs and universities, from AI tutors and virtual labs to the start-ups reshaping how Australians learn.',
    icon: 'School',
    position: 11,
  },
];

/** Short headlines for the scrolling breaking-news ticker. */
export const breakingNews: SeedBreakingNewsItem[] = [
  { title: 'Driverless road trains begin public highway trial in the Pilbara', position: 1 },
  { title: 'Sovereign cloud region switches on in Canberra for sensitive workloads', position: 2 },
  { title: 'Smart home hub recall: 46,000 units affected by battery overheating fault', position: 3 },
  { title: 'Melbourne neurotech firm implants first brain interface in local trial', position: 4 },
  { title: 'Regional councils report big savings after shared cloud migration', position: 5 },
  { title: 'AI maths tutor pilot lifts results for students who started behind', position: 6 },
];

/** Fictional advertising partners shown in the sidebar and promotion slots. */
export const partners: SeedPartner[] = [
  {
    slug: 'summitstack-hosting',
    name: 'SummitStack Hosting',
    description:
      'Premium managed cloud hosting from Australian data centres, with automatic backups and round-the-clock local support.',
    offer: '40% off your first year',
    cta: 'Claim Offer',
    affiliateUrl: 'https://www.summitstack.com.au/premium-hosting',
    icon: 'Dns',
    badge: 'Premium',
    placement: 'sidebar',
  },
  {
    slug: 'presspeak-wordpress-hosting',
    name: 'PressPeak',
    description:
      'Fast managed WordPress hosting with free site migration, one-click staging and daily malware scanning.',
    offer: 'First three months free',
    cta: 'Start Your Site',
    affiliateUrl: 'https://www.presspeak.com.au/wordpress-hosting',
    icon: 'Language',
    placement: 'sidebar',
  },
  {
    slug: 'shieldroute-vpn',
    name: 'ShieldRoute VPN',
    description:
      'A no-logs VPN with servers in Sydney, Melbourne, Brisbane and Perth for safer browsing on public wi-fi.',
    offer: '3 months free on annual plans',
    cta: 'Get Protected',
    affiliateUrl: 'https://www.shieldroute.com.au/offer',
    icon: 'VpnLock',
    placement: 'promotion',
  },
];
