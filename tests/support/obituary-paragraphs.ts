// Realistic texts families write for a program, in several voices. Some speak of other people's
// deaths, all carry names, dates and numbers the writing helper must keep exactly.

export type Paragraph = {
  text: string;
  /** What every rewrite must keep word for word: mostly the deaths of people other than the honored one. */
  keep: string[];
};

export const ISSUE_EXAMPLE =
  "Mom passed away peacefully on March 3, 2024 after a long battle with cancer. She was a very proud grandmother and an amazing cook. Her husband Walter died in 1998. We mourn her passing and she will be missed.";

export const PLAIN_EXAMPLE =
  "Dad liked fishing. He was nice. He worked at the mill for a long time and he had lots of friends.";

export const OBITUARY_PARAGRAPHS: Paragraph[] = [
  { text: ISSUE_EXAMPLE, keep: ["Her husband Walter died in 1998."] },
  { text: PLAIN_EXAMPLE, keep: [] },
  {
    text: "Harold James Bennett, 87, of Springfield, Illinois, died on January 14, 2025 at Memorial Hospital. He was born on May 2, 1937 to Edna and Frank Bennett. He served in the Army from 1956 to 1958 and then worked for the railroad for 35 years. He was preceded in death by his wife of 52 years, Doris, who died in 2011, and by his brother Carl.",
    keep: [
      "He was preceded in death by his wife of 52 years, Doris, who died in 2011, and by his brother Carl.",
    ],
  },
  {
    text: "Grandma Rose loved her garden. She grew tomatoes every summer. Her sister Ida passed away in 1987 and Grandma kept Ida's roses alive for 37 years. She had lots of patience and she was really nice to every child on Maple Street.",
    keep: ["Her sister Ida passed away in 1987"],
  },
  {
    text: "Our father, Thomas O'Neill, was a man of few words. He liked woodworking. He built 14 cradles for his grandchildren. His own father died when he was 9, and he never forgot how hard those years were for his mother, Margaret.",
    keep: ["His own father died when he was 9"],
  },
  {
    text: "I met Linda in 1979 at Saint Mary's. She was my best friend for 45 years. We didn't always agree, but she was never unkind. Her son Michael died in a car accident in 2003, and she spent the rest of her life volunteering with grieving parents.",
    keep: ["Her son Michael died in a car accident in 2003"],
  },
  {
    text: "Dr. Samuel Adeyemi passed away on October 8, 2023, at the age of 71. He practiced medicine in Houston for 40 years and delivered more than 3,000 babies. He was very proud of his 3 daughters. His wife, Grace, died in 2019.",
    keep: ["His wife, Grace, died in 2019."],
  },
  {
    text: "Nana was the heart of our family. She made the best apple pie in Vermont. She was funny. She was kind. She taught us to play cards and she never let us win.",
    keep: [],
  },
  {
    text: "Robert Chen, 64, died suddenly on June 21, 2024, while hiking near Boulder. He was a devoted husband to Amy for 38 years and a very good father to Kevin and Jessica. Robert's twin brother, David, passed away in 2015.",
    keep: ["Robert's twin brother, David, passed away in 2015."],
  },
  {
    text: "We gather today to remember Maria Lopez. Maria came to Los Angeles from Guadalajara in 1968 with 2 suitcases and 20 dollars. She worked very hard as a seamstress for 31 years. She did not like a fuss, so she would not want us to cry for long.",
    keep: ["She did not like a fuss, so she would not want us to cry for long."],
  },
  {
    text: "Aunt Betty was a great cook and a very funny woman. She had lots of friends at the church on Elm Street. She outlived her husband, George, who died in 1990, and her daughter, Susan, who died in 2008. We will miss her Sunday dinners.",
    keep: ["her husband, George, who died in 1990, and her daughter, Susan, who died in 2008."],
  },
  {
    text: "Pastor James Whitfield led Grace Baptist Church for 28 years. He baptized more than 400 people. He believed in the Lord with all his heart. He died on Easter Sunday, April 20, 2025, surrounded by his family.",
    keep: ["believed in the Lord with all his heart."],
  },
  {
    text: "Eleanor Park was born in Seoul in 1940 and moved to Chicago in 1965. She taught piano to 200 students. She was a nice woman and she was very patient. Her first husband, Daniel, died in the Korean War before she turned 12.",
    keep: ["Her first husband, Daniel, died in the Korean War before she turned 12."],
  },
  {
    text: "My brother Mike was the funniest person I knew. He liked old cars. He fixed a 1967 Mustang with our dad, who passed away in 2002. Mike died of heart disease on February 11, 2024. He was 58.",
    keep: ["who passed away in 2002", "Mike died of heart disease on February 11, 2024."],
  },
  {
    text: "Frances Whitaker, 102, passed away on November 30, 2024 in Savannah, Georgia. She outlived 2 husbands and all 6 of her siblings. She was a very smart woman who read 3 newspapers every day until she was 100.",
    keep: ["She outlived 2 husbands and all 6 of her siblings."],
  },
];
