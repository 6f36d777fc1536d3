import type { SeedArticle } from './seed-types.js';

/**
 * Original seed articles (set B): Autonomous Vehicles, IoT & Connected Devices,
 * Brain-Computer Interfaces, Cloud Computing and EdTech.
 * All companies and people named in these stories are fictional.
 */
export const articlesB: SeedArticle[] = [
  // ---------------------------------------------------------------------------
  // Autonomous Vehicles
  // ---------------------------------------------------------------------------
  {
    slug: "b-pilbara-driverless-road-trains-public-highway-trial",
    title: "Driverless road trains begin first public highway trial in the Pilbara",
    excerpt:
      "A fleet of autonomous road trains has started hauling iron ore on a public stretch of highway near Port Hedland, with safety drivers on board for the first phase.",
    content:
      "Autonomous road trains began hauling iron ore along a public section of highway in Western Australia's Pilbara region this morning, in what the operator says is the first trial of its kind on an open Australian road. Perth-based Spinifex Freight Autonomy is running four triple-trailer trucks along a 62-kilometre corridor between a mine site and a rail loading facility south of Port Hedland. Each vehicle carries a trained safety driver who can take control at any time, and the trucks are limited to 80 kilometres per hour during the initial phase. Driverless haul trucks have operated on private mine roads in the Pilbara for more than a decade, but mixing heavy autonomous vehicles with tourists, caravans and local traffic is a far greater challenge. 'Private haul roads taught us a great deal, but a public highway with caravans and road trains coming the other way is a different test entirely,' said Spinifex chief operating officer Megan Tulloch. The company says the trucks use a combination of lidar, radar and cameras, backed by satellite and private mobile links to a remote operations centre in Perth. Local shire representatives have been briefed, and electronic signs warn motorists that automated vehicles are operating on the route. Transport unions have raised concerns about the long-term impact on driving jobs, and the company says it will retrain drivers as remote supervisors. The trial is scheduled to run for 12 months, with results to be shared with state and federal regulators as national rules for automated vehicles are finalised.",
    categorySlug: "autonomous-vehicles",
    author: "Declan Fairweather",
    hoursAgo: 0.5,
    isBreaking: true,
    sourceUrl: "https://www.infrastructure.gov.au/",
  },
  {
    slug: "b-brisbane-autonomous-shuttle-late-night-service",
    title: "Brisbane autonomous shuttle service extends hours to late-night runs",
    excerpt:
      "Corella Mobility's driverless shuttles will run until midnight in a Brisbane riverside precinct from next month, after a year of daytime operations without injury.",
    content:
      "Driverless shuttles operating in a Brisbane riverside precinct will begin running until midnight from next month, following a year of daytime services that carried more than 140,000 passengers. The 12-seat electric shuttles are operated by Brisbane company Corella Mobility on a fixed 4.8-kilometre loop linking a ferry terminal, a hospital campus and a residential development. Until now the vehicles have run only between 7am and 7pm, partly because their sensors had not been validated in low light and heavy rain. Corella says software updates and additional thermal cameras have improved detection of pedestrians at night, and an onboard customer attendant will remain on every late service. 'Shift workers at the hospital told us loud and clear that the last shuttle left well before their shifts ended,' said Corella general manager Tessa Vukovic. The company recorded 23 minor incidents during the first year, most involving the shuttle braking firmly when a cyclist or scooter rider cut across its path, and none caused injury. Passenger surveys found that 81 per cent of regular users felt safe on board, although older residents were more likely to say they preferred having a staff member present. Transport planners say the extension will provide useful data on how automated services cope with reduced visibility and late-night pedestrian behaviour. Corella is also in early talks with two south-east Queensland councils about similar services linking train stations to new housing estates.",
    categorySlug: "autonomous-vehicles",
    author: "Harriet Nguyen",
    hoursAgo: 38,
    isBreaking: false,
    sourceUrl: "https://www.tmr.qld.gov.au/",
  },
  {
    slug: "b-insurers-price-cover-automated-driving-features",
    title: "Insurers weigh how to price cover as automated driving features spread",
    excerpt:
      "Australian insurers are studying how lane-keeping and hands-off driving systems change crash risk, but a new report suggests premiums are unlikely to fall soon.",
    content:
      "Australian car insurers are quietly collecting data on how advanced driver assistance systems affect claims, as more new vehicles arrive with features that can steer, brake and change lanes on their own. An industry report released this week by Sydney consultancy Harbourline Actuarial found that 38 per cent of new passenger vehicles sold in Australia in the past year offered some form of lane centring. The report found those vehicles were involved in fewer low-speed rear-end collisions, but the average cost of repairs was higher because of expensive sensors housed in bumpers and windscreens. 'A minor bingle that once meant a new bumper can now mean recalibrating three cameras and a radar unit,' said Harbourline principal Amrita Desai. As a result, the firm expects premiums for many newer vehicles to stay flat or rise slightly over the next two years, despite the safety gains. Questions of liability also remain unresolved for future vehicles that can drive themselves without human supervision. National reforms being developed by federal, state and territory governments are expected to place responsibility on the company that puts an automated driving system into service while that system is engaged. Insurers say clear rules on access to vehicle data after a crash will be critical to settling claims fairly and quickly. Consumer advocates have urged motorists to check whether their policy covers sensor recalibration, which can add several hundred dollars to a repair bill.",
    categorySlug: "autonomous-vehicles",
    author: "Priya Ramanathan",
    hoursAgo: 150,
    isBreaking: false,
    sourceUrl: "https://www.ntc.gov.au/",
  },
  {
    slug: "b-wheatbelt-growers-trial-autonomous-tractor-retrofit-kits",
    title: "Wheatbelt growers trial retrofit kits that turn tractors into robots",
    excerpt:
      "Grain growers near Merredin are testing autonomy kits fitted to existing tractors, hoping to ease labour shortages at seeding without buying an entirely new fleet.",
    content:
      "A group of Western Australian grain growers has spent this year's seeding season testing kits that allow conventional tractors to operate without anyone in the cab. The trial, involving six farms around Merredin in the Wheatbelt, used retrofit systems supplied by Adelaide agtech company Saltbush Robotics. The kits combine satellite guidance with radar, cameras and an obstacle detection system, and farmers supervise operations from a tablet or a ute parked at the edge of the paddock. Participating growers said the technology allowed them to run machinery through the night and cover more ground during short planting windows. 'Finding a reliable operator for the graveyard shift has become almost impossible, so having the tractor keep going while I sleep is a real change,' said Bruce Halloran, who farms 4,200 hectares near the town. Saltbush says the kits cost about $85,000 each, a fraction of the price of a new purpose-built autonomous machine. The trial was not without problems, with patchy mobile coverage causing several tractors to stop automatically when they lost contact with the supervising device. Growers also reported that kangaroos triggered frequent stops at dawn and dusk, which the company says it is addressing with better object classification. Saltbush plans to release a results report early next year and is seeking partners for a larger trial in the Victorian Mallee.",
    categorySlug: "autonomous-vehicles",
    author: "Aroha Ngata",
    hoursAgo: 280,
    isBreaking: false,
  },
  {
    slug: "b-sydney-startup-raises-funds-footpath-delivery-robots",
    title: "Sydney start-up raises $14 million for footpath delivery robots",
    excerpt:
      "Kerbside logistics company Pavement Parcel has closed a Series A round to expand its six-wheeled delivery robots across inner Sydney, subject to council approvals.",
    content:
      "Sydney delivery robotics company Pavement Parcel has raised $14 million in a Series A funding round to expand its fleet of footpath robots beyond a small pilot in the inner west. The round was led by Melbourne venture firm Gullwing Capital, with participation from a superannuation-backed technology fund and several existing angel investors. The company's six-wheeled robots, roughly the size of an esky, carry groceries and pharmacy orders over distances of up to three kilometres at walking pace. Since March the company has completed about 18,000 deliveries within a two-suburb trial zone, with human operators monitoring the robots remotely and intervening when they become stuck. 'Most of our interventions are not about safety at all, they are about a wheelie bin left across the footpath on collection day,' said co-founder Rohan Mehta. The new funding will pay for 150 additional robots and a larger remote operations team based in Parramatta. Expansion will depend on approvals from local councils and state transport authorities, which are still developing rules for devices that share footpaths with pedestrians. Disability advocates have asked for strict limits on robot speed and width to ensure footpaths remain accessible for people using wheelchairs and mobility aids. Pavement Parcel says it will consult with local access committees before launching in any new suburb.",
    categorySlug: "autonomous-vehicles",
    author: "Callum Whitfield",
    hoursAgo: 510,
    isBreaking: false,
    sourceUrl: "https://www.transport.nsw.gov.au/",
  },

  // ---------------------------------------------------------------------------
  // IoT & Connected Devices
  // ---------------------------------------------------------------------------
  {
    slug: "b-smart-home-hub-recall-overheating-battery",
    title: "Smart home hub recalled over overheating risk after battery fault found",
    excerpt:
      "Brisbane company Homewattle has recalled about 46,000 home automation hubs after identifying a backup battery fault that can cause some units to overheat.",
    content:
      "Brisbane home automation company Homewattle has recalled about 46,000 smart home hubs sold across Australia after finding that a faulty backup battery can cause some units to overheat. The recall affects the company's second-generation hub, sold through electronics retailers and online between June 2025 and August 2026. Homewattle said it had received 11 reports of units becoming hot to touch, including two cases in which the casing melted, but no reports of fires or injuries. Customers are being told to unplug the hub immediately and contact the company for a free replacement unit or a full refund. 'We know many households rely on the hub to run their lights, locks and security cameras, so we are prioritising replacements over the next fortnight,' said Homewattle chief executive Joanna Reyes. The company said automations configured on the recalled hub can be transferred to the replacement using its mobile app, although some older door locks may need to be paired again. The fault has been traced to a batch of lithium cells from a single supplier, and the company has changed suppliers for current production. Consumer groups say the recall highlights a growing challenge as connected devices with built-in batteries become common in homes, often plugged in continuously for years. Details of the recall, including affected model numbers, are listed on the national product safety recalls website.",
    categorySlug: "iot-connected-devices",
    author: "Sienna Moretti",
    hoursAgo: 5,
    isBreaking: true,
    sourceUrl: "https://www.productsafety.gov.au/",
  },
  {
    slug: "b-riverina-farms-cut-water-use-soil-moisture-sensors",
    title: "Riverina farms cut water use with networks of soil moisture sensors",
    excerpt:
      "Growers near Leeton say a two-season trial of low-power soil sensors and automated irrigation gates has trimmed water use by up to 17 per cent without hurting yields.",
    content:
      "Rice and cotton growers in the New South Wales Riverina say a network of low-cost soil moisture sensors has helped them cut irrigation water use by as much as 17 per cent over two seasons. The trial, run across 11 farms near Leeton and Griffith, used solar-powered sensors that transmit readings every 15 minutes over a long-range, low-power radio network. The data feeds into an app that recommends when to open automated irrigation gates, and some growers have allowed the system to operate the gates without manual approval. Yields on trial paddocks were within two per cent of neighbouring paddocks managed conventionally, according to figures compiled by the project organiser, regional agtech firm Murrumbidgee Sensing. 'Water is our biggest input cost, and being able to see exactly what the soil is doing at three in the morning changes how you manage a bay,' said Leeton grower Carla Benedetti. Installation costs averaged about $9,000 per farm, which organisers say most participants recovered within a single season through lower water purchases. Growers noted that gateway towers had to be positioned carefully because tree lines along channels can block signals across otherwise flat terrain. The organisers say the results are consistent with a growing body of Australian research on precision irrigation. They are now seeking funding to extend the network to 60 farms and to share anonymised data with local irrigation authorities.",
    categorySlug: "iot-connected-devices",
    author: "Aroha Ngata",
    hoursAgo: 14,
    isBreaking: false,
    sourceUrl: "https://www.csiro.au/",
  },
  {
    slug: "b-industry-group-calls-for-spectrum-regional-iot-networks",
    title: "Industry group calls for more spectrum to support regional IoT networks",
    excerpt:
      "A coalition of agtech firms, water utilities and councils wants more low-cost spectrum set aside, arguing rural sensor networks are hitting capacity limits.",
    content:
      "A coalition of agriculture technology firms, water utilities and regional councils has called for more radio spectrum to be made available for low-power Internet of Things networks, warning that existing bands are becoming congested in some areas. The Regional Connected Devices Alliance, which represents 34 member organisations, set out its case in a submission it intends to lodge with the Australian Communications and Media Authority. Many farm sensors, water meters and environmental monitors currently share unlicensed spectrum with a wide range of other devices, from garage door openers to wireless weather stations. The alliance says interference has caused data loss of up to 12 per cent on some networks in irrigation districts and peri-urban areas where devices are densely deployed. 'Nobody is asking for a free ride, but the economics of a regional sensor network fall apart if you have to pay metropolitan prices for spectrum,' said alliance chair Graham Oyelaran. The group has proposed a low-cost licence option for sensor gateways in regional and remote areas, along with clearer rules on transmission power. Some mobile operators argue that narrowband IoT services running over existing 4G and 5G networks already provide a licensed alternative. Rural users counter that mobile coverage remains unreliable across large parts of farming country. The alliance expects that any changes to spectrum arrangements would involve public consultation and take at least two years to implement.",
    categorySlug: "iot-connected-devices",
    author: "Tomas Kowalczyk",
    hoursAgo: 95,
    isBreaking: false,
    sourceUrl: "https://www.acma.gov.au/",
  },
  {
    slug: "b-retailers-clear-smart-devices-failing-security-standards",
    title: "Retailers clear shelves of smart devices that fail new security standards",
    excerpt:
      "Electronics retailers say they have removed hundreds of cheap connected products from sale as mandatory security requirements for consumer smart devices take hold.",
    content:
      "Australian electronics retailers say they have pulled hundreds of low-cost connected products from sale this year as mandatory security standards for consumer smart devices take hold. The standards, which took effect earlier this year, require manufacturers to avoid universal default passwords, provide a way to report security vulnerabilities and state how long devices will receive security updates. A survey of 120 retailers and online sellers by Melbourne consultancy Bluegum Retail Insights found that 64 per cent had removed at least one product line, most commonly budget security cameras, smart plugs and baby monitors. 'We found products in our own range where the supplier simply could not tell us whether the firmware would ever be patched,' said Naomi Fitzgerald, head of category at Adelaide electronics chain Circuit House. Larger brands generally met the requirements without major changes, according to the survey, but smaller importers sourcing from overseas marketplaces struggled to obtain the necessary documentation. Security researchers have welcomed the clean-out, noting that poorly secured cameras and routers are commonly hijacked and used in large botnets. Consumer groups say shoppers should now look for a published support period on packaging or product pages before buying. Some online marketplaces continue to list non-compliant products shipped directly from overseas sellers, which retailers say leaves local businesses at a disadvantage. The survey's authors expect further product withdrawals next year as awareness grows among smaller sellers.",
    categorySlug: "iot-connected-devices",
    author: "Sienna Moretti",
    hoursAgo: 230,
    isBreaking: false,
    sourceUrl: "https://www.cyber.gov.au/",
  },
  {
    slug: "b-regional-hospital-trials-bed-sensors-to-reduce-falls",
    title: "Regional hospital trials bed sensors to reduce falls among older patients",
    excerpt:
      "A hospital in northern New South Wales is testing pressure-sensitive mattress pads that alert nurses when at-risk patients try to get out of bed unassisted.",
    content:
      "A regional hospital in northern New South Wales has begun a six-month trial of connected bed sensors designed to reduce falls among older patients. The pressure-sensitive pads sit beneath the mattress and send an alert to nurses' handheld devices when a patient identified as being at high risk of falling begins to sit up or move towards the edge of the bed. The system, developed by Newcastle company Tallowwood Health Systems, has been installed in 28 beds across a general medical ward and an aged care assessment unit. Falls are among the most common adverse events in Australian hospitals, and they can lead to fractures, longer stays and a loss of independence for older people. 'The alert gives us perhaps 20 or 30 seconds of warning, which is often enough to get to the bedside before the patient is on their feet,' said nurse unit manager Fiona Ashworth. Unlike camera-based monitoring, the pads do not capture images, which the hospital says was important to the patients and families consulted before the trial. Nurses will record falls, near misses and alert volumes so researchers can assess whether the system reduces incidents or simply adds to alarm fatigue on busy wards. Earlier studies of bed alarms overseas have produced mixed results, with some finding that frequent false alarms caused staff to respond more slowly. The local health district expects to publish the trial findings in the middle of next year.",
    categorySlug: "iot-connected-devices",
    author: "Lachlan Pritchard",
    hoursAgo: 580,
    isBreaking: false,
  },

  // ---------------------------------------------------------------------------
  // Brain-Computer Interfaces (BCIs)
  // ---------------------------------------------------------------------------
  {
    slug: "b-melbourne-neurotech-first-implanted-bci-trial",
    title: "Melbourne neurotech firm begins Australian trial of implanted brain interface",
    excerpt:
      "Yarra Neurotechnologies has implanted its thin-film brain interface in a man with quadriplegia, the first participant in a small early feasibility study in Melbourne.",
    content:
      "Melbourne company Yarra Neurotechnologies says it has implanted its brain-computer interface in the first participant of an early feasibility study, a 41-year-old man with quadriplegia following a spinal cord injury. The device consists of a thin, flexible electrode array placed on the surface of the brain over the motor cortex, connected to a small wireless transmitter implanted under the skin of the chest. Surgery took place at a Melbourne private hospital last week, and the company says the participant was discharged after four days without complications. Over the coming months researchers will attempt to train software to translate the participant's intended hand movements into cursor control and text entry on a tablet. 'Our first goal is simply to show the system is safe and records stable signals over time, and everything else comes after that,' said Yarra chief medical officer Dr Helena Barker. The study has been approved by a human research ethics committee and notified to the national medicines and devices regulator, and will enrol up to five participants over two years. Yarra has raised about $38 million from local and international investors since it was spun out of university research in 2021. Clinicians not involved in the study cautioned that implanted brain interfaces remain experimental and that long-term reliability is still unproven. The company hopes to report early safety data at a neurotechnology conference in Sydney next year.",
    categorySlug: "brain-computer-interfaces-bcis",
    author: "Lachlan Pritchard",
    hoursAgo: 9,
    isBreaking: false,
    sourceUrl: "https://www.tga.gov.au/",
  },
  {
    slug: "b-brain-signal-headset-stroke-rehab-regional-clinics",
    title: "Headset that reads brain signals helps stroke survivors in regional clinics",
    excerpt:
      "A non-invasive brain-computer interface paired with a robotic hand brace is being tested in rehabilitation clinics in Bendigo and Dubbo, with encouraging early results.",
    content:
      "A non-invasive brain-computer interface designed to help stroke survivors regain hand movement is being tested in community rehabilitation clinics in Bendigo and Dubbo. The system uses a lightweight headset with dry electrodes to detect the brain activity associated with attempting to open or close the hand, then triggers a motorised brace to complete the movement. Researchers believe linking the intention to move with real movement may help the brain form new pathways after a stroke. The device was developed by Sydney medical technology company Kinara Neuro, which says allied health staff can set it up in under 10 minutes without specialist engineers. Among the first 30 participants, average scores on a standard upper limb function test improved by 18 per cent over eight weeks of sessions, although the study did not include a control group. 'People living in regional towns often cannot travel to a capital city three times a week for intensive therapy, so bringing this into local clinics is the whole point,' said occupational therapist and study coordinator Joel Abernethy. Independent rehabilitation specialists say the early results are promising but caution that the gains could also reflect the extra therapy time participants received. The research team is now designing a randomised controlled trial and plans to seek competitive medical research funding to run it across at least six sites. Kinara Neuro says it will not seek regulatory approval to market the device until that trial is complete.",
    categorySlug: "brain-computer-interfaces-bcis",
    author: "Harriet Nguyen",
    hoursAgo: 70,
    isBreaking: false,
    sourceUrl: "https://www.nhmrc.gov.au/",
  },
  {
    slug: "b-privacy-experts-urge-protections-for-brain-data",
    title: "Privacy experts urge protections for brain data as neurotech reaches consumers",
    excerpt:
      "Lawyers and ethicists say Australian privacy law should explicitly cover neural data collected by headbands, sleep trackers and workplace fatigue monitors.",
    content:
      "Privacy lawyers and ethicists are calling for brain activity data to be given explicit protection under Australian privacy law, as consumer devices capable of recording neural signals become more common. A discussion paper released this week by the Neuroethics Policy Forum, an independent think tank based in Canberra, argues that data from brainwave headbands, sleep trackers and fatigue-monitoring headwear can reveal sensitive information about a person's health, attention and emotional state. The forum wants neural data to be treated as sensitive information, which would generally require consent before it is collected. 'A heart rate reading tells you something, but brain data collected over months can reveal things about a person that they may not know themselves,' said forum director Dr Miriam Okafor. The paper notes that some mining and transport operators already use headwear to monitor worker fatigue, and says employees may not fully understand how that data is stored or shared. It also points to overseas jurisdictions that have begun adding neural data to their privacy laws. Industry groups representing wearable technology makers say existing protections for health information are broadly adequate and warn against rules that could slow innovation. The forum has recommended that clear national guidance be published for businesses collecting neural data while broader privacy reforms continue. The paper is open for public comment until the end of January.",
    categorySlug: "brain-computer-interfaces-bcis",
    author: "Priya Ramanathan",
    hoursAgo: 330,
    isBreaking: false,
    sourceUrl: "https://www.oaic.gov.au/",
  },
  {
    slug: "b-focus-headband-launch-experts-urge-caution",
    title: "Focus-boosting brain headband launches in Australia, but experts urge caution",
    excerpt:
      "A $449 headband that promises to train concentration using real-time brain feedback is now on sale locally, but neuroscientists say the evidence behind it is thin.",
    content:
      "A consumer headband that claims to improve concentration by giving users real-time feedback on their brain activity has gone on sale in Australia for $449. The device, made by Gold Coast start-up Mindtide, uses four dry sensors to record electrical activity through the forehead and plays soothing sounds in a companion app when it detects patterns the company associates with focus. Mindtide markets the product to students, office workers and gamers, and says more than 3,000 units were pre-ordered before launch. 'We are not making medical claims, we are giving people a window into their own attention so they can build better habits,' said Mindtide co-founder Ellie Marchetti. Neuroscientists contacted for this story said consumer headbands can detect broad signals such as eye blinks and relaxation, but struggle to measure something as complex as focus with any precision. One cognitive neuroscientist said the evidence that neurofeedback produces lasting benefits in healthy adults remains weak and inconsistent. Because the company makes no therapeutic claims, the headband is not regulated as a medical device. Consumer advocates advise buyers to read the privacy policy carefully, as the app uploads brain activity data to overseas cloud servers by default. Mindtide says users can opt out of cloud storage in the app settings and that it plans to fund an independent study of the product next year.",
    categorySlug: "brain-computer-interfaces-bcis",
    author: "Lachlan Pritchard",
    hoursAgo: 450,
    isBreaking: false,
  },

  // ---------------------------------------------------------------------------
  // Cloud Computing
  // ---------------------------------------------------------------------------
  {
    slug: "b-sovereign-cloud-region-opens-in-canberra",
    title: "Sovereign cloud region opens in Canberra for government and defence workloads",
    excerpt:
      "Australian-owned Wattlestone Cloud has switched on a new region in Canberra, promising that data, encryption keys and support staff will all remain onshore.",
    content:
      "Australian-owned cloud provider Wattlestone Cloud has opened a new sovereign cloud region in Canberra, aimed at federal agencies, defence suppliers and other organisations handling sensitive data. The company said the region went live this morning across two data centres in the capital, with a third availability zone planned for 2027. All customer data, encryption keys and administrative access will remain in Australia, and only security-cleared staff based in Australia will be able to support the platform, according to the company. Wattlestone said the region has been assessed under the Infosec Registered Assessors Program, which government agencies use when evaluating the security of cloud services. 'Sovereignty is not just about where the servers sit, it is about who holds the keys and who can be compelled to hand over data,' said Wattlestone chief executive Daniel Okonkwo. Demand for onshore cloud capacity has grown as agencies move more systems off ageing in-house infrastructure and as boards pay closer attention to data breach risk. The new region offers computing, storage and managed database services, with graphics processing capacity for artificial intelligence workloads expected next year. Analysts say local providers face a challenge competing with the scale and range of services offered by global cloud companies, which also operate Australian regions. Wattlestone said it had signed three federal agencies as foundation customers but declined to name them, citing security considerations.",
    categorySlug: "cloud-computing",
    author: "Tomas Kowalczyk",
    hoursAgo: 2,
    isBreaking: true,
    sourceUrl: "https://www.digital.gov.au/",
  },
  {
    slug: "b-regional-councils-share-cloud-platform-cut-costs",
    title: "Regional councils share cloud platform to cut IT costs and bolster security",
    excerpt:
      "Seven councils in central west New South Wales have moved core systems to a shared cloud platform, reporting expected savings of about $2.3 million over three years.",
    content:
      "Seven local councils in central west New South Wales have completed a joint move of their core business systems to a shared cloud platform, in a project they say will save about $2.3 million over three years. The councils, which together serve about 140,000 residents, previously ran separate on-premises servers for rates, payroll, planning applications and records management. Under the new arrangement the systems run on a common platform managed by Orange-based IT services firm Tablelands Digital, with each council retaining control of its own data. Project director Kylie Dunstan said the biggest gains came from no longer having to replace ageing hardware and from sharing scarce cybersecurity expertise. 'Small councils simply cannot hire a full security team each, but together we can afford proper monitoring around the clock,' Ms Dunstan said. The migration took 14 months and was delayed twice, including when a legacy records system proved difficult to move without losing historical data. Staff reported teething problems in the first weeks, particularly with new login processes and multifactor authentication. Local government groups have encouraged shared service arrangements as councils face rising costs and growing expectations for online services. The group says several other regional councils have approached it about joining the platform next year.",
    categorySlug: "cloud-computing",
    author: "Callum Whitfield",
    hoursAgo: 52,
    isBreaking: false,
    sourceUrl: "https://www.olg.nsw.gov.au/",
  },
  {
    slug: "b-western-sydney-data-centre-boom-grid-capacity",
    title: "Data centre boom in western Sydney raises questions over grid capacity",
    excerpt:
      "Planned data centres in western Sydney could need as much electricity as several hundred thousand homes, prompting calls for closer coordination with energy planners.",
    content:
      "A wave of planned data centre developments in western Sydney could require as much electricity as several hundred thousand homes within the next decade, according to a new report from Parramatta energy consultancy Gridwise Advisory. The report counted 19 proposed or under-construction facilities across the region, driven largely by demand for cloud services and artificial intelligence computing. Combined, the projects could draw up to 1,900 megawatts if all proceed at full capacity, although the consultancy expects only some to be built. 'Data centres want large, reliable connections quickly, and the network was never designed to deliver that many big loads in the same corridor,' said Gridwise principal Sarah Lindqvist. The report recommends closer coordination between developers, network businesses and energy market planners so that transmission upgrades can be scheduled well in advance. It also suggests requiring large new facilities to source a share of their power from new renewable generation and to offer demand flexibility during peak periods. Data centre operators argue that their facilities are increasingly efficient and that many have signed long-term renewable energy agreements. Residents in some suburbs have raised concerns about noise from cooling systems and the loss of industrial land that could otherwise support local jobs. The report's authors say energy forecasts already factor in rising data centre demand, but the pace of new proposals has surprised many in the industry.",
    categorySlug: "cloud-computing",
    author: "Declan Fairweather",
    hoursAgo: 190,
    isBreaking: false,
    sourceUrl: "https://aemo.com.au/",
  },
  {
    slug: "b-miners-turn-to-edge-computing-remote-sites",
    title: "Mining companies turn to edge computing to keep remote site data onshore",
    excerpt:
      "Mid-tier miners in Western Australia are deploying ruggedised edge data centres at remote sites, cutting reliance on satellite links and keeping operational data local.",
    content:
      "Mid-tier mining companies in Western Australia are increasingly installing small, ruggedised data centres at remote sites rather than sending all of their operational data to distant cloud facilities. Perth company Redearth Edge, which builds computing modules the size of a shipping container designed to withstand heat and dust, says it has deployed 26 units across the Goldfields, Pilbara and Mid West regions in the past 18 months. The modules process data from autonomous equipment, drones and sensors on site, then send summaries and backups to cloud platforms when connectivity allows. 'When your only link is a satellite connection, you cannot afford to have a haul fleet waiting on a round trip to a data centre in another state,' said Redearth founder Marcus Tellegen. Speed is not the only driver, with several miners citing data sovereignty requirements in contracts with joint venture partners and customers. Low Earth orbit satellite services have improved connectivity at many sites, but operators say bandwidth remains expensive and can be disrupted by severe weather. The modules use liquid cooling and can operate in outside temperatures above 50 degrees, a common challenge during the northern summer. Industry analysts expect the market for edge computing in the resources sector to grow as more sites adopt automation and real-time safety monitoring. Redearth is now building a second assembly facility in Kwinana to meet demand.",
    categorySlug: "cloud-computing",
    author: "Tomas Kowalczyk",
    hoursAgo: 390,
    isBreaking: false,
    sourceUrl: "https://www.wa.gov.au/",
  },

  // ---------------------------------------------------------------------------
  // EdTech
  // ---------------------------------------------------------------------------
  {
    slug: "b-regional-tafe-students-learn-welding-in-virtual-reality",
    title: "Regional TAFE students learn welding in virtual reality before the workshop",
    excerpt:
      "Apprentices at a central Queensland TAFE campus are practising welds on VR simulators, which trainers say has cut material waste and sharpened early skills.",
    content:
      "Welding apprentices at a TAFE campus in central Queensland are spending their first weeks of training practising with virtual reality simulators before they strike a real arc. The simulators, supplied by Toowoomba company Forgeline Training, use a headset and a replica welding torch to mimic the look, sound and feel of common welding techniques. Software scores each weld on angle, speed and distance, allowing students to see exactly where they went wrong and repeat the exercise immediately. Trainers say the approach has reduced the amount of steel plate, gas and consumables used in early training by around 30 per cent this year. 'Students used to burn through a lot of plate before they got a feel for travel speed, and now they arrive at the booth already knowing what a good bead looks like,' said welding teacher Craig Mulvaney. The simulators are also being used in outreach sessions with high school students, giving them a taste of trade careers without the safety requirements of a live workshop. Some industry representatives caution that virtual practice cannot replace time spent handling real equipment in hot and noisy conditions. Forgeline says the simulators are designed to complement practical training rather than replace it, and students still complete all assessments on real equipment. The company is in discussions with training providers in Western Australia and the Northern Territory about similar programs.",
    categorySlug: "edtech",
    author: "Harriet Nguyen",
    hoursAgo: 21,
    isBreaking: false,
    sourceUrl: "https://tafeqld.edu.au/",
  },
  {
    slug: "b-ai-maths-tutor-pilot-south-australian-schools",
    title: "AI tutor pilot in South Australian schools shows modest gains in maths",
    excerpt:
      "An evaluation of a year-long AI maths tutor pilot across 38 schools found small improvements in test scores, with the biggest benefits for students who started behind.",
    content:
      "A year-long pilot of an artificial intelligence maths tutor in 38 South Australian schools has produced modest improvements in student results, according to an independent evaluation released this week. The tutor, developed by Adelaide edtech company Quokka Learning, guides Year 7 and Year 8 students through problems step by step and is designed to avoid simply giving away answers. Students who used the tool for at least 60 minutes a week improved their scores on a standardised maths assessment by an average of four percentage points more than a comparison group. The largest gains were recorded among students who began the year in the bottom quarter of their cohort. 'The tool is not a replacement for a teacher, but it does give every student someone to ask at nine o'clock at night when they are stuck on homework,' said Quokka chief executive Nadia Hollis. Teachers interviewed for the evaluation said the tutor saved time on routine practice, but several were concerned that some students relied on hints rather than persisting with difficult problems. The evaluation, conducted by Adelaide consultancy Southerly Research, also examined how student data was handled and found it was stored in Australia and not used to train external models. Participating schools followed the national framework for the use of generative AI in schools, which emphasises transparency, fairness and privacy. Quokka plans to offer the tutor to schools in other states from the start of the 2027 school year.",
    categorySlug: "edtech",
    author: "Sienna Moretti",
    hoursAgo: 27,
    isBreaking: false,
    sourceUrl: "https://www.education.gov.au/",
  },
  {
    slug: "b-offline-learning-platform-remote-nt-communities",
    title: "Offline learning platform helps remote Northern Territory students stay on track",
    excerpt:
      "A learning app designed to work without reliable internet is being used in 14 remote Northern Territory communities, syncing lessons whenever a connection appears.",
    content:
      "A learning platform built to work without a constant internet connection is being used by students in 14 remote Northern Territory communities, where patchy mobile and satellite services have long limited online learning. The platform, developed by Darwin company Lorikeet Learning Systems, stores lessons, videos and quizzes on tablets and syncs student progress whenever a connection becomes available. It also includes content in several Aboriginal languages, produced with local language workers and elders. Teachers say the offline design means students can keep learning during the wet season, when road closures and outages can cut communities off for weeks at a time. 'Before this, a dropped connection meant the lesson plan went out the window, and now the kids barely notice,' said remote school teacher Hannah Pereira. Lorikeet says attendance at after-school learning sessions in participating communities has increased, although it acknowledges that many factors affect school engagement. Each kit includes solar power banks for charging the tablets, reducing reliance on unreliable electricity supply in some homes. The company has worked with community councils to agree on how student data is stored and who can access it. Lorikeet plans to expand to a further 10 communities next year and is developing a version for early childhood programs.",
    categorySlug: "edtech",
    author: "Aroha Ngata",
    hoursAgo: 120,
    isBreaking: false,
    sourceUrl: "https://education.nt.gov.au/",
  },
  {
    slug: "b-melbourne-maths-platform-raises-series-a-asia-expansion",
    title: "Melbourne maths platform raises $9 million to expand into South-East Asia",
    excerpt:
      "Tallygum has closed a Series A round to take its adaptive maths practice platform, already used in more than 600 Australian schools, to Singapore and Malaysia.",
    content:
      "Melbourne education technology company Tallygum has raised $9 million in a Series A funding round to expand its adaptive maths practice platform into South-East Asia. The round was led by Sydney venture firm Blackbutt Ventures, with participation from an education-focused fund based in Singapore. Tallygum's platform adjusts the difficulty of practice questions based on each student's answers and gives teachers a dashboard showing which concepts a class is struggling with. The company says the platform is used in more than 600 Australian primary and secondary schools, and that revenue grew by 70 per cent in the past financial year. 'Australian teachers have been brutally honest with us about what works in a real classroom, and that feedback is our biggest export advantage,' said co-founder Liam Drysdale. The new funding will be used to adapt the platform to the curricula of Singapore and Malaysia and to open a small office in Singapore early next year. Tallygum will also hire around 25 additional staff, mainly engineers and curriculum specialists based in Melbourne. The local edtech sector has had a difficult few years, with venture investment falling sharply after the boom of the pandemic period. Investors say companies with proven classroom adoption and clear evidence of learning impact are now best placed to raise capital.",
    categorySlug: "edtech",
    author: "Callum Whitfield",
    hoursAgo: 650,
    isBreaking: false,
  },
];
