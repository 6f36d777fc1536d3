/** The launch bylines as people: original profiles, en-AU. Slugs are the migration's slugs of their names. */
export interface SeedAuthor {
  slug: string;
  name: string;
  role: string;
  bio: string;
  categorySlugs: string[];
  linkedinUrl?: string;
  websiteUrl?: string;
  fediverseHandle?: string;
}

export const authors: SeedAuthor[] = [
  {
    slug: 'priya-venkataraman',
    name: 'Priya Venkataraman',
    role: 'Senior Reporter, Artificial Intelligence',
    bio: 'Priya covers artificial intelligence in Australian industry, from mine sites to hospital wards. She spent six years as a data analyst in Perth before moving into journalism, and she reads the methodology before the media release.',
    categorySlugs: ['artificial-intelligence', 'ar-vr-metaverse', 'blockchain-crypto'],
    linkedinUrl: 'https://www.linkedin.com/in/priya-venkataraman-example',
  },
  {
    slug: 'hannah-whitcombe',
    name: 'Hannah Whitcombe',
    role: 'Health and Technology Reporter',
    bio: 'Hannah reports on how technology reaches patients, classrooms and regional towns. She is based in Orange, New South Wales, and writes about consent, privacy and the people a rollout leaves out.',
    categorySlugs: ['artificial-intelligence', 'cybersecurity', 'ar-vr-metaverse'],
    fediverseHandle: '@hannahw@aus.social',
  },
  {
    slug: 'daniel-huynh',
    name: 'Daniel Huynh',
    role: 'Senior Reporter, Security',
    bio: 'Daniel covers cyber security, data breaches and the agencies that respond to them. Before joining the newsroom he worked in incident response for a Melbourne bank, and he still keeps a lab of retired routers.',
    categorySlugs: ['cybersecurity'],
    websiteUrl: 'https://example.com/daniel-huynh',
  },
  {
    slug: 'liam-okonkwo-reid',
    name: 'Liam Okonkwo-Reid',
    role: 'Science Reporter, Quantum Computing',
    bio: 'Liam writes about quantum computing and the research groups in Sydney, Brisbane and Canberra building it. He holds a physics degree and a healthy scepticism of qubit counts.',
    categorySlugs: ['quantum-computing'],
  },
  {
    slug: 'sienna-marchetti',
    name: 'Sienna Marchetti',
    role: 'Reporter, Space Economy',
    bio: 'Sienna follows Australia\'s space industry, from launch sites in the Northern Territory to satellite start-ups in Adelaide. She previously worked as a communications officer at a regional observatory.',
    categorySlugs: ['space-economy'],
  },
  {
    slug: 'tom-gallagher',
    name: 'Tom Gallagher',
    role: 'Business Editor',
    bio: 'Tom edits the business coverage and writes about the money behind Australian technology: venture rounds, listings, collapses and the regulators watching them.',
    categorySlugs: ['blockchain-crypto', 'quantum-computing', 'space-economy'],
  },
  {
    slug: 'georgia-pennell',
    name: 'Georgia Pennell',
    role: 'Reporter, Immersive Technology',
    bio: 'Georgia covers augmented and virtual reality, games and the creative industries that use them. She is based in Brisbane and has a soft spot for museum exhibitions built in a headset.',
    categorySlugs: ['ar-vr-metaverse', 'artificial-intelligence'],
  },
  {
    slug: 'marcus-tait',
    name: 'Marcus Tait',
    role: 'Markets Reporter',
    bio: 'Marcus reports on digital assets and the businesses adopting machine learning, with a focus on what changes for customers and shareholders. He joined the site from a financial newswire.',
    categorySlugs: ['blockchain-crypto', 'artificial-intelligence'],
  },
  {
    slug: 'declan-fairweather',
    name: 'Declan Fairweather',
    role: 'Reporter, Transport and Cloud',
    bio: 'Declan writes about autonomous vehicles and the data centres behind them. He grew up on a cane farm near Mackay and still judges every new sensor by how it copes with dust and rain.',
    categorySlugs: ['autonomous-vehicles', 'cloud-computing'],
  },
  {
    slug: 'harriet-nguyen',
    name: 'Harriet Nguyen',
    role: 'Senior Reporter, Health and Education Technology',
    bio: 'Harriet covers brain-computer interfaces, classroom technology and the trials that test them. She trained as a secondary science teacher in Western Sydney before turning to reporting.',
    categorySlugs: ['brain-computer-interfaces-bcis', 'edtech', 'autonomous-vehicles'],
    fediverseHandle: '@harriet@aus.social',
  },
  {
    slug: 'priya-ramanathan',
    name: 'Priya Ramanathan',
    role: 'Science Reporter, Neurotechnology',
    bio: 'Priya reports on neurotechnology and medical devices, reading the trial registrations as closely as the announcements. She holds a master\'s degree in biomedical engineering from the University of Melbourne.',
    categorySlugs: ['brain-computer-interfaces-bcis', 'autonomous-vehicles'],
  },
  {
    slug: 'aroha-ngata',
    name: 'Aroha Ngata',
    role: 'Reporter, Connected Devices',
    bio: 'Aroha covers the internet of things, from smart meters to farm sensors, and the security questions they raise. She moved to Hobart from Rotorua and writes about regional connectivity.',
    categorySlugs: ['iot-connected-devices', 'edtech', 'autonomous-vehicles'],
  },
  {
    slug: 'callum-whitfield',
    name: 'Callum Whitfield',
    role: 'Technology Editor',
    bio: 'Callum edits the technology desk and writes about cloud computing, procurement and the public sector projects that run over budget. He has covered government technology in Canberra for a decade.',
    categorySlugs: ['cloud-computing', 'edtech', 'autonomous-vehicles'],
    linkedinUrl: 'https://www.linkedin.com/in/callum-whitfield-example',
  },
  {
    slug: 'sienna-moretti',
    name: 'Sienna Moretti',
    role: 'Education Technology Reporter',
    bio: 'Sienna reports on how schools, TAFEs and universities adopt technology, and what students make of it. She is based in Adelaide.',
    categorySlugs: ['edtech', 'iot-connected-devices'],
  },
  {
    slug: 'tomas-kowalczyk',
    name: 'Tomas Kowalczyk',
    role: 'Infrastructure Reporter',
    bio: 'Tomas covers cloud platforms, networks and the devices at their edge. Before journalism he ran the servers of a Perth logistics company, which taught him to ask about the backups first.',
    categorySlugs: ['cloud-computing', 'iot-connected-devices'],
  },
  {
    slug: 'lachlan-pritchard',
    name: 'Lachlan Pritchard',
    role: 'Reporter, Emerging Technology',
    bio: 'Lachlan writes about brain-computer interfaces and connected devices, with an eye on the ethics reviews behind them. He joined the site from a university newsroom in Newcastle.',
    categorySlugs: ['brain-computer-interfaces-bcis', 'iot-connected-devices'],
  },
];
