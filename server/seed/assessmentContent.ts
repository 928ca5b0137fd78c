// Assessment content seeded on start: 8 sections of smart-manufacturing business practices, each
// question answered on a five-level maturity scale.
//
// Source note: the structure (practice areas, one question per business practice, five maturity
// levels from ad hoc to optimized) follows the general shape of widely used manufacturing maturity
// models: CMMI-style capability levels, the Singapore Smart Industry Readiness Index, NIST / MEP
// smart-manufacturing guidance, and the ISA-95 levels (machines and control, operations/MES,
// business/ERP) for the technology section. All wording here (sections, questions, choices, help
// text and level names) was written new for this product; no text was copied from those sources.
// Frameworks are named only as examples a manufacturer may recognise (e.g. NIST CSF, CMMC, OPC UA).
//
// Codes and keys are stable identifiers (seeding matches sections by code): never change one once
// shipped; reword captions instead.

export type ChoiceSeed = { caption: string; score: number | null }; // score null = 'Not sure' (left out of scoring)

export type QuestionSeed = {
  /** Stable kebab-case id, unique across all questions. */
  key: string;
  /** The practice, asked as a question a plant manager answers about today's state. */
  caption: string;
  /** 1-3 sentences of HTML explaining what the practice means, with examples. */
  helpContent: string;
  /** Five maturity levels scored 1..5 in order, then 'Not sure' (score null). */
  choices: ChoiceSeed[];
};

export type SectionSeed = {
  /** Kebab-case, unique, used in URLs. */
  code: string;
  caption: string;
  /** HTML, 1-2 short paragraphs introducing the section. */
  description: string;
  /** HTML, how to answer. */
  helpContent: string;
  questions: QuestionSeed[];
};

/** The five named maturity levels used for section and overall scores. */
// The maturity levels these choices climb are domain/rules/maturity.ts.

/** The five maturity choices of one practice (level 1 first), followed by 'Not sure'. */
function levels(
  level1: string,
  level2: string,
  level3: string,
  level4: string,
  level5: string,
): ChoiceSeed[] {
  return [
    { caption: level1, score: 1 },
    { caption: level2, score: 2 },
    { caption: level3, score: 3 },
    { caption: level4, score: 4 },
    { caption: level5, score: 5 },
    { caption: 'Not sure', score: null },
  ];
}

/** How-to-answer text shared by every section, after a section-specific first paragraph. */
const HOW_TO_ANSWER =
  '<p>For each question, pick the one level that best describes <strong>most of your operation today</strong>. ' +
  'If part of the plant is ahead and part behind, choose the level that is true for the larger share of your work. ' +
  'In the <em>future-state</em> assessment, pick the level you aim to reach in the next 2-3 years.</p>' +
  '<p>Each level assumes the ones below it are already in place. Choose <em>Not sure</em> if you cannot tell; ' +
  'that answer is left out of the score.</p>';

export const assessmentContent: readonly SectionSeed[] = [
  {
    code: 'strategy-leadership',
    caption: 'Strategy and Leadership',
    description:
      '<p>This section looks at how your leadership sets direction for smart manufacturing: whether there is a clear ' +
      'plan, how it is tied to business goals, and how projects are chosen, funded and followed through.</p>' +
      '<p>Strong results here usually mean technology and improvement projects support each other instead of ' +
      'competing for attention and money.</p>',
    helpContent: `<p>Answer from the point of view of the whole business unit or plant you are assessing, not a single department.</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'strategy-vision',
        caption: 'How is your smart-manufacturing strategy defined and communicated?',
        helpContent:
          '<p>A smart-manufacturing strategy explains <strong>what</strong> you want to improve with technology and ' +
          'better practices (for example shorter lead times or less scrap), <strong>why</strong>, and in what order. ' +
          'It counts as communicated when supervisors and operators can describe it in their own words.</p>',
        choices: levels(
          'There is no written strategy; projects start when someone hits a problem or a vendor pitches a product.',
          'A few leaders share a general intent to modernize, but it is not written down or tied to business goals.',
          'A written strategy with goals exists and has been shared with managers and supervisors.',
          'The strategy is tied to business goals, reviewed yearly, and every department knows its part in it.',
          'The strategy is adjusted on a set cycle from results and market changes, and employees at all levels can explain it.',
        ),
      },
      {
        key: 'strategy-executive-sponsorship',
        caption:
          'How involved is senior leadership in sponsoring and steering improvement and technology initiatives?',
        helpContent:
          '<p>Sponsorship means a senior leader owns the results, secures people and budget, and clears roadblocks ' +
          'between departments. Steering means progress is reviewed on a regular schedule, not only when something goes wrong.</p>',
        choices: levels(
          'Leaders get involved only when a problem becomes urgent or a purchase needs approval.',
          'One leader champions the effort, but others are not engaged and support depends on that one person.',
          'A named executive sponsor owns the program and reviews progress with the leadership team.',
          'The leadership team reviews initiatives together on a set schedule and removes roadblocks across departments.',
          'Leaders set direction, fund the program every year and take a visible part in reviews on the plant floor.',
        ),
      },
      {
        key: 'strategy-investment-planning',
        caption: 'How do you decide which technology and improvement projects to fund?',
        helpContent:
          '<p>Think of purchases such as new machines, sensors, software or automation cells, and improvement projects ' +
          'that need money or people. A business case states the expected cost, payback and risks so projects can be ' +
          'compared with each other.</p>',
        choices: levels(
          'Purchases are made as needs arise, with little or no estimate of cost or payback.',
          'Large projects get a cost estimate, but projects are not compared with each other or with the strategy.',
          'Projects are ranked with a standard business case (cost, payback, risk) and funded from an annual budget.',
          'A multi-year roadmap sets the order of projects, and results are checked against the business case after go-live.',
          'The project mix is rebalanced regularly from measured results, and lessons learned shape the next round of decisions.',
        ),
      },
      {
        key: 'strategy-performance-measures',
        caption: 'How are business and operational goals measured and reviewed?',
        helpContent:
          '<p>Key performance indicators (KPIs) are the few numbers that show whether the plant is on track, for ' +
          'example on-time delivery, scrap rate, OEE, safety incidents or cost per unit. Consider how they are chosen, ' +
          'how often they are reviewed and whether they lead to action.</p>',
        choices: levels(
          'Few measures are tracked; performance is judged mostly by shipments and month-end financials.',
          'Some KPIs, such as scrap or on-time delivery, are tracked in spreadsheets by individual departments.',
          'A standard set of KPIs is defined, tracked weekly and reviewed in management meetings.',
          'Plant KPIs cascade from company goals to each line and shift, with visual boards and regular reviews.',
          'KPIs update automatically from live data, trends trigger action, and targets are raised as performance improves.',
        ),
      },
      {
        key: 'strategy-customer-focus',
        caption: 'How do customer and market needs shape your plans for products, processes and technology?',
        helpContent:
          '<p>Customer needs include delivery speed, customization, quality and price expectations, and requirements ' +
          'such as traceability or cybersecurity. Market signals include competitor moves, new regulations and shifts ' +
          'in demand.</p>',
        choices: levels(
          'We react to customer requests and complaints as they come in.',
          'Sales brings back customer feedback informally, and it sometimes influences plans.',
          'Customer requirements and market trends are gathered and reviewed as part of yearly planning.',
          'Customer data (orders, quality feedback, forecasts) is analyzed regularly and drives product and process decisions.',
          'We plan jointly with key customers and quickly adjust products and processes as their needs change.',
        ),
      },
      {
        key: 'strategy-change-management',
        caption: 'How do you manage change when introducing new technology or new ways of working?',
        helpContent:
          '<p>New equipment or software only pays off when people use it well. Change management covers explaining ' +
          'why the change is needed, involving the people affected, training them and following up after rollout.</p>',
        choices: levels(
          'Changes are announced and people are expected to adapt on their own.',
          'Changes are explained at the start, but there is little training or follow-up after rollout.',
          'Major changes follow a plan that covers communication, training and a go-to person for questions.',
          'Affected employees help design and pilot changes, and adoption is measured after rollout.',
          'A repeatable change method is used company-wide, and lessons from each rollout improve the next one.',
        ),
      },
    ],
  },
  {
    code: 'workforce-culture',
    caption: 'Workforce and Culture',
    description:
      '<p>This section covers the people side of smart manufacturing: the skills your workforce has and needs, how ' +
      'people are trained, and how employees take part in solving problems and improving the operation.</p>' +
      '<p>Technology changes what jobs look like; a plant that builds skills and involves its people gets more out ' +
      'of every investment.</p>',
    helpContent: `<p>Think about the whole workforce: operators, technicians, supervisors, engineers and office staff.</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'workforce-skills-planning',
        caption: 'How do you identify the skills your workforce needs now and in the future?',
        helpContent:
          '<p>A skills matrix is a simple table of people against skills showing who is trained, who can train others ' +
          'and where gaps are. Future needs come from retirements, new equipment and the technology roadmap, for example ' +
          'robot programming or data analysis.</p>',
        choices: levels(
          'Skills needs are noticed only when someone leaves or a new machine arrives.',
          'Supervisors know who can do what, but it is not written down and future needs are not planned.',
          'A skills matrix lists the skills each role needs and who has them.',
          'The skills matrix is kept current and linked to the technology roadmap to plan hiring and training.',
          'Future skill needs are forecast from strategy and industry trends, and workforce plans are reviewed every year.',
        ),
      },
      {
        key: 'workforce-training',
        caption: 'How are employees trained on equipment, processes and digital tools?',
        helpContent:
          '<p>Consider onboarding for new hires, cross-training, and training when equipment or software changes. ' +
          'Structured training has defined content, a trainer, and a record that the person can do the job.</p>',
        choices: levels(
          'New people learn by watching others; training is not structured or recorded.',
          'Some training exists for key jobs, mostly on the job, and records are uneven.',
          'Each role has a defined training plan with written materials, and completion is recorded.',
          'Training mixes classroom, hands-on and online modules, and skill levels are verified and tracked for everyone.',
          'Training is continuous and tailored to each person, uses tools like digital instructions or simulation, and results are measured.',
        ),
      },
      {
        key: 'workforce-continuous-improvement',
        caption: 'How do employees take part in continuous improvement?',
        helpContent:
          '<p>Continuous improvement means many small, ongoing changes that remove waste and problems, for example ' +
          'kaizen events, 5S, daily huddles or suggestion programs. The question is how much of the workforce takes ' +
          'part, not just the engineers or managers.</p>',
        choices: levels(
          'Improvement ideas come mainly from managers; operators are rarely asked.',
          'A suggestion box or similar exists, but few ideas are acted on or tracked.',
          'Teams hold regular improvement events (e.g. kaizen, 5S), and ideas are logged and followed up.',
          'Daily team meetings review problems, and most employees contribute ideas that are tracked to completion.',
          'Problem solving is part of everyone’s daily job, results are shared widely, and ideas are recognized and rewarded.',
        ),
      },
      {
        key: 'workforce-collaboration',
        caption:
          'How well do production, engineering, quality, maintenance and other departments work together?',
        helpContent:
          '<p>Good collaboration shows when departments share goals and information instead of passing problems ' +
          '"over the wall". Examples are cross-functional launch teams or a shared downtime review between production ' +
          'and maintenance.</p>',
        choices: levels(
          'Departments work in silos; issues are passed over the wall and often escalate.',
          'Departments cooperate when problems come up, mostly through personal relationships.',
          'Regular cross-functional meetings are held to plan work and solve problems.',
          'Cross-functional teams own shared goals, such as launch or OEE targets, and work from common data.',
          'Collaboration is the norm, including with suppliers and customers, backed by shared systems and goals.',
        ),
      },
      {
        key: 'workforce-recruiting-retention',
        caption: 'How do you attract, develop and keep the people your plant needs?',
        helpContent:
          '<p>Consider how you find new employees, how you bring them up to speed, and whether people see a future with ' +
          'you. Examples include apprenticeships, partnerships with community colleges or high schools, and defined ' +
          'career paths from operator to technician or lead.</p>',
        choices: levels(
          'We hire to fill openings as they occur, and turnover is high or not tracked.',
          'Hiring relies on word of mouth and staffing agencies; turnover is tracked but not acted on.',
          'There is a defined hiring and onboarding process and career paths for key roles; turnover is reviewed.',
          'Partnerships with schools, apprenticeships and career paths build our talent, and retention gains are measured.',
          'We are known locally as a preferred employer, talent is planned years ahead, and turnover stays low.',
        ),
      },
      {
        key: 'workforce-digital-readiness',
        caption: 'How comfortable are employees with using digital tools in their daily work?',
        helpContent:
          '<p>Digital tools on the plant floor include tablets or terminals for entering production data, digital work ' +
          'instructions, dashboards and mobile apps for maintenance requests. Readiness is about both skill and willingness ' +
          'to use them.</p>',
        choices: levels(
          'Most work is done on paper, and many employees rarely use computers or tablets on the job.',
          'Office staff use digital tools, but plant-floor staff rely mostly on paper and verbal instructions.',
          'Most employees use basic digital tools, such as entering production data on terminals or tablets.',
          'Employees at all levels use digital tools daily and help choose and improve them.',
          'Employees readily adopt new digital tools, suggest new uses for them and train their coworkers.',
        ),
      },
    ],
  },
  {
    code: 'operations-processes',
    caption: 'Operations and Processes',
    description:
      '<p>This section looks at the core practices that run the plant floor: standard work, scheduling, maintenance, ' +
      'quality, material flow and new product launches.</p>' +
      '<p>Stable, well-defined processes are the foundation for automation and data: automating a messy process ' +
      'usually just produces problems faster.</p>',
    helpContent: `<p>If different lines or areas work very differently, answer for the area that makes most of your output.</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'operations-standard-work',
        caption: 'How are work instructions and standard procedures created and kept up to date?',
        helpContent:
          '<p>Standard work describes the current best way to do a job: steps, settings, tools, checks and safety points. ' +
          'It is up to date when it is revised as soon as the process changes and operators can find it at the workstation.</p>',
        choices: levels(
          'Jobs are done from memory and experience; written instructions are rare.',
          'Written instructions exist for some jobs but are often out of date or not used.',
          'Standard work instructions exist for most jobs, are document-controlled and reviewed on a schedule.',
          'Digital instructions with pictures or video are available at each workstation and updated when the process changes.',
          'Instructions update from engineering changes automatically, adapt to the product being built, and operator feedback improves them.',
        ),
      },
      {
        key: 'operations-production-scheduling',
        caption: 'How is production planned and scheduled?',
        helpContent:
          '<p>Scheduling turns customer orders into a sequence of jobs on machines and lines, taking into account ' +
          'capacity, materials, labor and changeovers. Consider how often the schedule breaks and how quickly you can ' +
          're-plan.</p>',
        choices: levels(
          'Schedules are set day to day by supervisors and change often to expedite hot orders.',
          'A weekly schedule is built in spreadsheets; changes are frequent and passed on by word of mouth.',
          'Scheduling follows a defined process in an ERP or planning system with capacity checks.',
          'Scheduling software uses real-time machine, material and labor status to build and adjust the schedule.',
          'Schedules are optimized automatically and re-planned in minutes when orders, equipment or supplies change.',
        ),
      },
      {
        key: 'operations-maintenance',
        caption: 'How do you plan and track preventive maintenance?',
        helpContent:
          '<p>Preventive maintenance services equipment before it fails, for example lubrication, filter changes or ' +
          'inspections on a calendar or run-hour schedule. A CMMS (computerized maintenance management system) schedules ' +
          'the work and keeps the equipment history.</p>',
        choices: levels(
          'Machines are repaired when they break down.',
          'Some preventive tasks are done and tracked on paper or spreadsheets, and they are often skipped when busy.',
          'A preventive schedule is managed in a maintenance system (CMMS), and completion is tracked.',
          'Condition data, such as vibration, temperature or run hours, is used to decide when to service equipment.',
          'Maintenance is predicted from condition data and scheduled automatically to avoid unplanned downtime.',
        ),
      },
      {
        key: 'operations-quality-management',
        caption: 'How do you manage product quality and prevent defects?',
        helpContent:
          '<p>Quality management ranges from inspecting finished parts to preventing defects at the source. Examples ' +
          'of prevention are statistical process control (SPC), error-proofing (poka-yoke) and in-process gauging.</p>',
        choices: levels(
          'Defects are found by final inspection or by the customer, then reworked or scrapped.',
          'Inspections happen at some steps; defect data is recorded on paper and reviewed now and then.',
          'A quality system defines inspections, and defects are tracked and analyzed with root-cause methods.',
          'SPC and in-process checks catch problems early, and quality data is collected electronically.',
          'Quality data from processes and suppliers is monitored live, and processes adjust automatically before defects occur.',
        ),
      },
      {
        key: 'operations-material-flow',
        caption: 'How are inventory and material flow managed in the plant?',
        helpContent:
          '<p>Consider raw material, work in process and finished goods. Pull systems such as kanban replenish material ' +
          'based on actual use; barcodes or RFID record material moves without manual entry.</p>',
        choices: levels(
          'Inventory counts are uncertain, and material shortages and excess stock are common.',
          'Inventory is tracked in a system, but counts are often wrong and need frequent physical checks.',
          'Inventory records are accurate through regular cycle counts, and min/max or kanban rules are used for key parts.',
          'Material is tracked in real time with barcodes or RFID, and replenishment is pull-based across the plant.',
          'Material flow is synchronized with production and suppliers automatically, keeping inventory low without shortages.',
        ),
      },
      {
        key: 'operations-new-product-introduction',
        caption: 'How are new products and process changes introduced into production?',
        helpContent:
          '<p>New product introduction covers the handoff from design to steady production: process design, tooling, ' +
          'trial runs and approvals (for example a PPAP or first-article inspection). A good launch reaches target rate ' +
          'and quality quickly.</p>',
        choices: levels(
          'New products are handed to production with little preparation; problems are fixed during the first runs.',
          'Engineering and production meet before launch, but the handoff depends on the people involved.',
          'A defined launch process with checkpoints (design reviews, trial runs, approvals) is followed for new products.',
          'Product and process are developed together using shared digital models, and launches are tracked against targets.',
          'Products and processes are validated virtually (e.g. by simulation) before launch, and lessons feed future designs.',
        ),
      },
    ],
  },
  {
    code: 'data-analytics',
    caption: 'Data and Analytics',
    description:
      '<p>This section looks at how you collect data from machines, processes and products, how well that data is ' +
      'managed, and how it is turned into decisions.</p>' +
      '<p>Data only has value when it is accurate, available to the people who need it, and used to act.</p>',
    helpContent: `<p>Consider both plant-floor data (machine status, counts, quality measurements) and business data (orders, inventory, costs).</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'data-collection',
        caption: 'How are machine and process data collected on the shop floor?',
        helpContent:
          '<p>Machine and process data include cycle counts, run and idle time, alarms, temperatures, pressures and ' +
          'other settings. Automatic collection reads them from the machine control or added sensors instead of ' +
          'relying on operators to write them down.</p>',
        choices: levels(
          'Data is not collected, or is written on paper logs that are rarely looked at.',
          'Operators enter some data by hand into spreadsheets or terminals at the end of a shift or job.',
          'Key machines send data automatically to a central system; other data is still entered by hand.',
          'Most machines and processes send data automatically to a central system in real time.',
          'All equipment and processes send data automatically, tagged with part, order and operator, and checked for accuracy.',
        ),
      },
      {
        key: 'data-performance-visibility',
        caption: 'How do you track equipment and line performance, such as uptime, output and OEE?',
        helpContent:
          '<p>Overall equipment effectiveness (OEE) combines availability, speed and quality into one number. What ' +
          'matters most is knowing <strong>why</strong> time is lost, through consistent downtime and scrap reason codes.</p>',
        choices: levels(
          'Performance is judged by end-of-shift counts and what supervisors observe.',
          'Downtime and output are logged by hand and summarized weekly or monthly.',
          'OEE or similar measures are calculated regularly for key equipment, using defined downtime reasons.',
          'Dashboards on the floor show performance in real time, and downtime reasons are captured at the machine.',
          'Live performance data triggers alerts and responses automatically, and losses are analyzed to drive improvements.',
        ),
      },
      {
        key: 'data-management',
        caption: 'How is your data stored, organized and kept accurate?',
        helpContent:
          '<p>Data management covers where data lives, who owns it and whether everyone uses the same definitions. ' +
          'Examples are part numbers, bills of materials, routings and customer records that match across systems.</p>',
        choices: levels(
          'Data sits in paper files, personal spreadsheets and separate systems, and nobody owns it.',
          'Some data is in shared drives or databases, but definitions differ and errors are common.',
          'Key data (parts, bills of materials, routings, customers) has named owners and standard definitions.',
          'Data is kept in connected systems with shared definitions, regular accuracy checks and access rules.',
          'A company-wide data program keeps data accurate, complete and traceable, and errors are fixed at the source.',
        ),
      },
      {
        key: 'data-decision-making',
        caption: 'How are data used to make day-to-day operational and business decisions?',
        helpContent:
          '<p>Consider decisions such as which job to run next, whether to stop a line, when to order material or ' +
          'where to invest. Data-driven means the facts are available and used at the time the decision is made.</p>',
        choices: levels(
          'Decisions are based mostly on experience and gut feel.',
          'Data is pulled together by hand when a big decision or problem comes up.',
          'Standard reports are reviewed regularly and used in planning and problem-solving meetings.',
          'Managers and teams use self-service dashboards with current data to make daily decisions.',
          'Decisions are routinely backed by analysis, and many routine decisions are made or suggested by the system.',
        ),
      },
      {
        key: 'data-advanced-analytics',
        caption: 'How do you use analytics to predict problems or optimize processes?',
        helpContent:
          '<p>Advanced analytics goes beyond reports of what happened. Examples are finding which process settings ' +
          'drive scrap, predicting a spindle failure, or forecasting demand with statistical or machine-learning models.</p>',
        choices: levels(
          'There is no analysis beyond basic totals and averages.',
          'Individuals do occasional spreadsheet analysis to explain past problems.',
          'Trained staff regularly use statistical tools to find root causes and trends.',
          'Predictive models (e.g. for failures, quality or demand) are used on selected processes and checked for accuracy.',
          'Predictive and optimization models run across operations and are retrained as conditions change.',
        ),
      },
      {
        key: 'data-traceability',
        caption: 'How can you trace a finished product back to its materials, process data and operators?',
        helpContent:
          '<p>Traceability links a shipped part or lot to the material lots, machines, settings, inspections and people ' +
          'involved in making it. It limits the size of a recall and speeds up root-cause analysis.</p>',
        choices: levels(
          'Tracing a product means digging through paper records, and it may not be possible.',
          'Lot numbers are recorded for some materials, but tracing takes days of manual work.',
          'Lot or batch traceability is recorded in a system for all products and can be reported within hours.',
          'Each unit or lot is linked electronically to its materials, machines, settings and operators and can be traced in minutes.',
          'Full product history is captured automatically, shared with customers as needed, and used to narrow recalls and analysis.',
        ),
      },
    ],
  },
  {
    code: 'technology-infrastructure',
    caption: 'Technology and Infrastructure',
    description:
      '<p>This section looks at the equipment and systems that run your operation, layer by layer: automation on ' +
      'the machines, the network that connects them, plant-floor systems such as MES, business systems such as ERP, ' +
      'and engineering tools.</p>' +
      '<p>The goal is not the newest technology everywhere, but systems that fit your needs and share data without ' +
      're-keying.</p>',
    helpContent: `<p>Answer for the equipment and systems actually in daily use, not ones purchased but not yet running.</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'technology-automation',
        caption: 'How automated are your production equipment and processes?',
        helpContent:
          '<p>Automation ranges from CNC machines and PLC-controlled equipment to robots, automated inspection and ' +
          'automated material handling such as conveyors or AGVs. More is not always better: the right level depends ' +
          'on volume, mix and payback.</p>',
        choices: levels(
          'Production is mostly manual, with standalone machines operated by hand.',
          'Some machines are automated (e.g. CNC or PLC-controlled) but run independently of each other.',
          'Key processes are automated, and some machines are linked, for example by automated transfer between stations.',
          'Most lines are automated and linked, with robots or automated material handling where it pays off.',
          'Automated lines adjust themselves to product changes and conditions with little manual intervention.',
        ),
      },
      {
        key: 'technology-machine-connectivity',
        caption: 'How are machines and control systems connected to your plant network?',
        helpContent:
          '<p>Connectivity lets machines share status and data with other systems. Standard protocols such as ' +
          'OPC UA or MTConnect make it easier to connect machines from different builders without custom work for each one.</p>',
        choices: levels(
          'Machines are not connected to any network.',
          'A few machines are connected, but each uses its own software or protocol.',
          'Key machines are connected to the plant network using standard protocols, such as OPC UA or MTConnect.',
          'Most machines and sensors are networked, and data flows to plant-floor and supervisory systems.',
          'All equipment connects through a standard plant architecture, and new machines are connected as part of installation.',
        ),
      },
      {
        key: 'technology-production-systems',
        caption:
          'How do you manage and record production activity, for example with a manufacturing execution system (MES)?',
        helpContent:
          '<p>An MES or similar plant-floor system releases work orders, tracks jobs, labor and material at each step, ' +
          'and records what was actually produced. It sits between the machines and the business system.</p>',
        choices: levels(
          'Production is managed with paper travelers, whiteboards and verbal instructions.',
          'Spreadsheets and standalone software track some production activity.',
          'An MES or similar system tracks orders, labor and output in the main production areas.',
          'An MES covers the whole plant and exchanges data automatically with machines and the business system.',
          'Plant-floor systems are fully integrated, need little manual data entry, and are improved continuously.',
        ),
      },
      {
        key: 'technology-business-systems',
        caption: 'How are business systems, such as ERP, used and connected to plant-floor operations?',
        helpContent:
          '<p>An ERP (enterprise resource planning) system handles orders, purchasing, inventory, costing and accounting. ' +
          'Connected means production counts, material use and labor flow into it automatically instead of being keyed in later.</p>',
        choices: levels(
          'Business functions use separate tools, such as basic accounting software and spreadsheets.',
          'An ERP or business system is used for some functions, but much work still happens outside it.',
          'An ERP runs core processes (orders, purchasing, inventory, accounting), with plant data entered by hand.',
          'The ERP exchanges data automatically with plant-floor systems, so orders, inventory and costs stay current.',
          'Business and plant systems work as one from customer order to shipment, with real-time information for all users.',
        ),
      },
      {
        key: 'technology-digital-engineering',
        caption: 'How are design and engineering tools, such as CAD, CAM or PLM, connected to production?',
        helpContent:
          '<p>CAD is used for design, CAM generates machine programs from the design, and PLM (product lifecycle ' +
          'management) controls revisions and engineering changes. A digital twin is a virtual model of a product or ' +
          'process kept in step with the real one.</p>',
        choices: levels(
          'Designs are paper drawings or files passed to production by hand.',
          'CAD is used for design, but production works from printed drawings and machine programs are written separately.',
          'CAD/CAM files are managed centrally, and machine programs are generated from the design model.',
          'Designs, engineering changes and machine programs are managed in a PLM system connected to production systems.',
          'A digital model of product and process (a digital twin) stays current from design through production and service.',
        ),
      },
      {
        key: 'technology-it-ot-management',
        caption: 'How do you plan, support and maintain your IT and plant-floor (OT) infrastructure?',
        helpContent:
          '<p>IT covers office computers, servers, networks and business software; OT (operational technology) covers ' +
          'machine controls, HMIs and plant-floor PCs. Consider who owns them, how upgrades and backups are planned, and ' +
          'how outages are avoided.</p>',
        choices: levels(
          'IT problems are fixed as they happen, often by whoever is available.',
          'An IT person or outside provider supports office systems; plant-floor systems are left to machine vendors.',
          'IT and OT have defined owners, an equipment and software list, and a plan for upgrades and backups.',
          'IT and OT teams plan together, with a standard architecture, system monitoring and scheduled upgrades.',
          'Infrastructure is managed for high availability, with capacity planning and regular review against business needs.',
        ),
      },
    ],
  },
  {
    code: 'supply-chain-ecosystem',
    caption: 'Supply Chain and Ecosystem',
    description:
      '<p>This section looks beyond your own walls: how you plan demand, work with suppliers and customers, see ' +
      'what is happening in your supply chain, manage supply risks, and use outside partners to learn and improve.</p>' +
      '<p>A plant is only as reliable as the network that feeds it and the customers it serves.</p>',
    helpContent: `<p>Focus on your most important suppliers and customers, those that account for most of your spend or sales.</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'supply-chain-demand-planning',
        caption: 'How do you forecast demand and plan capacity and materials?',
        helpContent:
          '<p>Demand planning predicts what customers will order so you can line up people, machines and material in time. ' +
          'Sales and operations planning (S&amp;OP) is a regular meeting where sales, operations and finance agree on one plan.</p>',
        choices: levels(
          'We plan from orders on hand and react to changes as they come in.',
          'Forecasts are made in spreadsheets from past sales and updated now and then.',
          'A formal monthly planning process (e.g. S&OP) balances demand, capacity and materials.',
          'Forecasts use customer data and market signals and are shared with key suppliers.',
          'Demand and supply plans are updated continuously with customers and suppliers using shared data.',
        ),
      },
      {
        key: 'supply-chain-supplier-collaboration',
        caption: 'How do you work with suppliers on quality, delivery and improvement?',
        helpContent:
          '<p>Supplier collaboration ranges from placing purchase orders to joint improvement. Examples are supplier ' +
          'scorecards, shared forecasts, supplier portals and involving suppliers early in new product design.</p>',
        choices: levels(
          'Suppliers are chosen mainly on price, and contact happens mostly when there is a problem.',
          'Supplier delivery and quality problems are tracked informally and raised with the supplier.',
          'Suppliers are scored regularly on quality, delivery and cost, and results are reviewed with them.',
          'Key suppliers share forecasts, quality data and improvement projects with us through connected systems.',
          'Strategic suppliers are partners in product development and improvement, with shared goals and real-time data.',
        ),
      },
      {
        key: 'supply-chain-visibility',
        caption:
          'How much visibility do you have into orders and materials moving through your supply chain?',
        helpContent:
          '<p>Visibility means knowing where purchased material and customer shipments are and whether they will ' +
          'arrive on time, early enough to act, for example through supplier portals, advance ship notices or carrier tracking.</p>',
        choices: levels(
          'We learn about delays when material fails to arrive or a customer calls.',
          'Status is checked by phone or email when needed.',
          'Order and shipment status from key suppliers and carriers is tracked in our systems.',
          'Supplier, in-transit and customer order status is visible in near real time through electronic links.',
          'End-to-end visibility warns of disruptions early and suggests options, such as other sources or routes.',
        ),
      },
      {
        key: 'supply-chain-customer-integration',
        caption:
          'How do you exchange information with customers, such as orders, schedules and quality data?',
        helpContent:
          '<p>Electronic exchange, such as EDI or customer portals, replaces re-typing orders and schedules from email. ' +
          'Integration also covers sharing order status, quality results and shipping information back to customers.</p>',
        choices: levels(
          'Orders and changes arrive by phone, fax or email and are re-entered by hand.',
          'Some customers send orders through portals or spreadsheets, but the data is still re-entered.',
          'Key customers exchange orders, schedules and shipping notices with us electronically (e.g. EDI).',
          'Most customers are linked electronically and can see order status, quality and delivery information.',
          'Customer systems and ours share demand, status and product data automatically, supporting joint planning.',
        ),
      },
      {
        key: 'supply-chain-risk-resilience',
        caption: 'How do you identify and manage supply chain risks, such as single sources or disruptions?',
        helpContent:
          '<p>Supply risks include single-source or overseas parts, long lead times, financially weak suppliers and ' +
          'events such as storms or port delays. Managing them means knowing where you are exposed and having a plan ' +
          'before a disruption hits.</p>',
        choices: levels(
          'Risks are not assessed, and disruptions are handled as emergencies.',
          'A few people know the risks, such as single-source parts, but they are not managed formally.',
          'Key risks are listed and reviewed, with backup suppliers or safety stock for critical items.',
          'Supply risks are monitored with data on suppliers, regions and lead times, and contingency plans are tested.',
          'Risk is managed across the supply network with partners, and plans adjust quickly when conditions change.',
        ),
      },
      {
        key: 'supply-chain-external-partners',
        caption:
          'How do you work with outside partners, such as MEP centers, colleges or technology providers, to learn and improve?',
        helpContent:
          '<p>Your ecosystem includes organizations that can help you improve: Manufacturing Extension Partnership (MEP) ' +
          'centers, universities and community colleges, trade associations, industry institutes and technology suppliers.</p>',
        choices: levels(
          'We rarely work with outside organizations beyond our customers and suppliers.',
          'We occasionally call on consultants or vendors for specific problems.',
          'We have ongoing relationships with partners such as an MEP center, trade association or local college.',
          'Partners help us plan and carry out our roadmap, and we take part in industry groups to share practices.',
          'We co-develop solutions with partners and research groups and share what we learn with the wider industry.',
        ),
      },
    ],
  },
  {
    code: 'cybersecurity',
    caption: 'Cybersecurity',
    description:
      '<p>This section looks at how you protect your business and plant-floor systems from cyber threats such as ' +
      'ransomware and phishing, and how ready you are to recover if an attack succeeds.</p>' +
      '<p>Connecting machines and systems brings real benefits but also new risks; many customers, especially in ' +
      'defense and automotive, now require suppliers to show good security practices.</p>',
    helpContent: `<p>Consider both office IT systems and plant-floor systems such as machine controls and HMIs.</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'cybersecurity-governance',
        caption: 'How is cybersecurity managed, and who is responsible for it?',
        helpContent:
          '<p>Governance means someone owns cybersecurity, written policies exist, and risks are reviewed regularly. ' +
          'Recognized frameworks such as the NIST Cybersecurity Framework or CMMC give a checklist of practices to ' +
          'measure against.</p>',
        choices: levels(
          'No one is clearly responsible; security is dealt with when something goes wrong.',
          'An IT person or outside provider handles basic protections, such as antivirus and passwords.',
          'A named owner follows written security policies, and risks are reviewed at least once a year.',
          'Security follows a recognized framework (e.g. NIST CSF or CMMC) across IT and the plant floor, with leadership oversight.',
          'Security is managed as a business risk, measured continuously and improved using assessments and threat information.',
        ),
      },
      {
        key: 'cybersecurity-ot-protection',
        caption: 'How are your production equipment and control systems protected from cyber threats?',
        helpContent:
          '<p>Plant-floor systems often run older software that cannot be patched easily. Common protections are ' +
          'separating the plant network from the office network, controlling remote access for machine vendors, and ' +
          'monitoring for unusual traffic.</p>',
        choices: levels(
          'Machines and controls share the office network or the internet with no separation.',
          'Some separation exists, but machine PCs often run outdated software and use shared logins.',
          'The plant network is separated from the office network, and remote access to machines is controlled.',
          'Network zones, firewalls and monitoring protect control systems, and patches are applied on a plan.',
          'Control systems are monitored continuously for unusual activity, and protections are tested regularly.',
        ),
      },
      {
        key: 'cybersecurity-access-control',
        caption: 'How do you control who can access your systems and data?',
        helpContent:
          '<p>Access control means each person has their own login, gets only the access their job needs, and loses it ' +
          'when they leave. Multi-factor authentication (a code or app in addition to a password) blocks most stolen-password attacks.</p>',
        choices: levels(
          'Passwords are shared, and former employees may still have access.',
          'Individual logins exist for main systems, but access is rarely reviewed.',
          'Access is granted by job role, removed when people leave, and reviewed periodically.',
          'Multi-factor authentication protects key systems, and access is reviewed on a set schedule.',
          'Access is managed centrally, granted only as needed, logged and checked automatically for unusual use.',
        ),
      },
      {
        key: 'cybersecurity-incident-recovery',
        caption:
          'How prepared are you to detect, respond to and recover from a cyber incident, such as ransomware?',
        helpContent:
          '<p>Preparedness includes backups that are kept separate and tested, including PLC and CNC programs, a written ' +
          'plan for who does what during an incident, and drills to practice it.</p>',
        choices: levels(
          'There is no plan, and backups are not made or tested regularly.',
          'Some systems are backed up, but recovery has never been tested and there is no response plan.',
          'A written response plan exists, and backups of key systems, including machine programs, are tested.',
          'Response and recovery are practiced in drills, and recovery-time goals are set for critical systems.',
          'Threats are detected and contained quickly, lessons from drills and incidents are applied, and recovery goals are met.',
        ),
      },
      {
        key: 'cybersecurity-awareness',
        caption:
          'How aware are employees of cybersecurity risks, such as phishing emails or unknown USB drives?',
        helpContent:
          '<p>Most attacks start with a person: a clicked link, a reused password or an infected USB drive plugged into ' +
          'a machine. Awareness training and simulated phishing tests help employees spot and report these.</p>',
        choices: levels(
          'Employees get no cybersecurity training.',
          'Employees get occasional reminders or one-time training when hired.',
          'All employees who use computers complete security training every year.',
          'Regular training and phishing tests cover office and plant staff, and results are tracked.',
          'Employees report suspicious activity promptly, and security awareness is part of everyday work.',
        ),
      },
    ],
  },
  {
    code: 'sustainability-energy',
    caption: 'Sustainability and Energy',
    description:
      '<p>This section looks at how you measure and reduce energy use, waste, utilities and emissions, and how ' +
      'environmental goals are set and reported.</p>' +
      '<p>Lower energy and material use cuts costs directly, and more customers now ask suppliers for environmental ' +
      'data and targets.</p>',
    helpContent: `<p>Count programs that are actually running, not only plans or policies on paper.</p>${HOW_TO_ANSWER}`,
    questions: [
      {
        key: 'sustainability-energy-management',
        caption: 'How do you measure and manage energy use in the plant?',
        helpContent:
          '<p>Energy management starts with knowing where energy goes: which machines, ovens, compressors or HVAC ' +
          'systems use the most and when. Submetering and energy per unit produced make savings visible.</p>',
        choices: levels(
          'Energy use is known only from monthly utility bills.',
          'Utility bills are tracked over time, and the largest energy users are roughly known.',
          'Energy use is metered by area or major equipment and reviewed regularly against targets.',
          'Energy use of key equipment is monitored in real time and linked to production output.',
          'Energy use is optimized automatically, for example by shifting loads off-peak or adjusting equipment settings.',
        ),
      },
      {
        key: 'sustainability-waste-reduction',
        caption: 'How do you reduce material waste, scrap and packaging?',
        helpContent:
          '<p>Waste includes scrap and rework, excess raw material, packaging, chemicals and other by-products. Reduction ' +
          'covers using less in the first place, then reusing or recycling what remains.</p>',
        choices: levels(
          'Waste is thrown away without tracking how much or why.',
          'Scrap and waste volumes are tracked, but reduction efforts are occasional.',
          'Waste reduction targets are set, and recycling and reuse programs are in place.',
          'Waste and scrap data are linked to processes and products, and reduction projects run regularly.',
          'Products and processes are designed to minimize waste, and by-products are reused or sold where possible.',
        ),
      },
      {
        key: 'sustainability-utilities-emissions',
        caption: 'How do you manage emissions and the use of water, compressed air and other utilities?',
        helpContent:
          '<p>Compressed air leaks, idle equipment left running and uncontrolled water use are common hidden costs. ' +
          'Emissions include direct ones from burners and processes and indirect ones from purchased electricity.</p>',
        choices: levels(
          'Utility use and emissions are not tracked beyond what regulations require.',
          'Major utilities are tracked from bills, and problems like air leaks are fixed when noticed.',
          'Utilities are metered for major areas, and regular programs address leaks and waste.',
          'Utility use and emissions are measured by process and considered in operating decisions.',
          'Utilities and emissions are monitored continuously and controlled automatically to minimize use.',
        ),
      },
      {
        key: 'sustainability-goals-reporting',
        caption: 'How are sustainability goals set, tracked and reported?',
        helpContent:
          '<p>Sustainability goals are targets for energy, water, waste or greenhouse-gas emissions. Reporting can be ' +
          'internal, in answer to customer questionnaires, or public.</p>',
        choices: levels(
          'There are no sustainability goals.',
          'Sustainability comes up mainly in response to customer questionnaires or regulations.',
          'Goals for energy, water, waste or emissions are set and reported internally at least once a year.',
          'Environmental data is collected systematically and reported to customers and stakeholders against targets.',
          'Sustainability goals are part of business strategy, and results are measured, verified and improved continuously.',
        ),
      },
      {
        key: 'sustainability-product-design',
        caption:
          'How do you consider environmental impact when designing products and choosing materials and suppliers?',
        helpContent:
          '<p>Design and sourcing decisions lock in most of a product’s environmental impact. Examples are choosing ' +
          'recycled or lower-impact materials, avoiding hazardous substances, and designing for repair or recycling.</p>',
        choices: levels(
          'Environmental impact is not considered in design or purchasing.',
          'Impact is considered only when a customer or regulation requires it.',
          'Design and purchasing guidelines include environmental criteria, such as recycled content or hazardous materials.',
          'Environmental data from suppliers and life-cycle assessments guides design and sourcing choices.',
          'Products are designed for reuse, repair or recycling, and life-cycle impact is tracked and reduced across the supply chain.',
        ),
      },
    ],
  },
];
