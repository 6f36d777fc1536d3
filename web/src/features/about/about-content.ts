/** The about page's coverage list (differs from the 11 browsing categories). */
export const COVERAGE_AREAS = [
  'Artificial Intelligence',
  'IoT & Connected Devices',
  'Space Economy',
  'Energy & Sustainability',
  '5G & Connectivity',
  'Brain-Computer Interface',
  'Robotics & Automation',
  '3D Printing & Manufacturing',
  'EdTech & Learning',
  'Synthetic Biology',
  'AR/VR & Metaverse',
  'Crypto & Blockchain',
  'Autonomous Transportation',
  'Longevity & Biotech',
] as const;

/**
 * Coverage areas that are also browsing categories, by the category's slug: their chips link to
 * the category page. The other areas stay plain text.
 */
export const COVERAGE_CATEGORY_SLUGS: Partial<Record<(typeof COVERAGE_AREAS)[number], string>> = {
  'Artificial Intelligence': 'artificial-intelligence',
  'IoT & Connected Devices': 'iot-connected-devices',
  'Space Economy': 'space-economy',
  'Brain-Computer Interface': 'brain-computer-interfaces-bcis',
  'EdTech & Learning': 'edtech',
  'AR/VR & Metaverse': 'ar-vr-metaverse',
  'Crypto & Blockchain': 'blockchain-crypto',
  'Autonomous Transportation': 'autonomous-vehicles',
};

/** The about page's Platform Metrics: static text, not live figures. */
export const PLATFORM_METRICS = [
  { value: '25K+', label: 'Newsletter Subscribers' },
  { value: '500K+', label: 'Monthly Page Views' },
  { value: '85%', label: 'Australian Audience' },
  { value: '3+', label: 'Years Established' },
] as const;

export const WHY_CHOOSE = [
  {
    title: 'Breaking News First',
    text: 'We track announcements, launches and funding rounds as they happen, so you hear about them before they hit the mainstream.',
  },
  {
    title: 'Expert Analysis',
    text: 'Our writers explain what each development means, drawing on specialists across research, engineering and industry.',
  },
  {
    title: 'Business Focus',
    text: 'Every story considers the commercial angle for Australian investors, founders and decision-makers.',
  },
] as const;
